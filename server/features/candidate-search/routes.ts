import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  candidateSearchBodySchema,
  candidateSearchPageSchema,
  careerProfileBodySchema,
  careerProfileSchema,
  savedSearchListSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  saveSearchBodySchema,
} from '../../../shared/schemas/candidate-search.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { getCareerProfile, saveCareerProfile } from './career-profile.ts';
import { deleteSavedSearch, listSavedSearches, saveSearch, type SearchActor } from './saved-searches.ts';
import { searchCandidates } from './search-candidates.ts';

/** Handpick (issue 7 point 3): candidate search over a company's applicants, saved searches, career profile. */
export async function candidateSearchRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const actorOf = (request: Parameters<typeof sessionOf>[0]): SearchActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };

  // ── The candidate's career profile ──
  api.get('/api/candidate-search/career-profile', { config: { access: 'user' }, schema: { response: { 200: careerProfileSchema } } }, async (request) =>
    getCareerProfile(db, sessionOf(request)),
  );
  api.put(
    '/api/candidate-search/career-profile',
    { config: { access: 'user' }, schema: { body: careerProfileBodySchema, response: { 200: careerProfileSchema } } },
    async (request) => saveCareerProfile(db, sessionOf(request), request.body, request.ip),
  );

  // ── Employers: search and saved searches. POST, so a long list of tags fits; it changes nothing. ──
  api.post(
    '/api/candidate-search/search',
    { config: { access: 'user', readOnly: true }, schema: { body: candidateSearchBodySchema, response: { 200: candidateSearchPageSchema } } },
    async (request) => searchCandidates(db, employerCompanyId(sessionOf(request)), request.body),
  );
  api.get('/api/candidate-search/saved-searches', { config: { access: 'user' }, schema: { response: { 200: savedSearchListSchema } } }, async (request) =>
    listSavedSearches(db, actorOf(request)),
  );
  api.post(
    '/api/candidate-search/saved-searches',
    { config: { access: 'user' }, schema: { body: saveSearchBodySchema, response: { 201: savedSearchSchema } } },
    async (request, reply) => reply.code(201).send(await saveSearch(db, actorOf(request), request.body)),
  );
  api.delete(
    '/api/candidate-search/saved-searches/:searchId',
    { config: { access: 'user' }, schema: { params: savedSearchParamsSchema } },
    async (request, reply) => {
      await deleteSavedSearch(db, actorOf(request), request.params.searchId);
      return reply.code(204).send();
    },
  );
}
