import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '../../../shared/messages.ts';
import { companyDocumentsPageSchema, companyDocumentsQuerySchema, documentDownloadListSchema } from '../../../shared/schemas/company-documents.ts';
import { sessionOf } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { listCompanyDocuments, listDocumentDownloads } from './company-documents.ts';

/** Documents (issue 17): the company's applicants' documents, and the candidate's log of who downloaded theirs. */
export async function companyDocumentsRoutes(app: FastifyInstance, { database }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.get(
    '/api/company/documents',
    { config: { access: 'user' }, schema: { querystring: companyDocumentsQuerySchema, response: { 200: companyDocumentsPageSchema } } },
    async (request) => listCompanyDocuments(db, employerCompanyId(sessionOf(request)), request.query),
  );

  api.get('/api/candidate/document-downloads', { config: { access: 'user' }, schema: { response: { 200: documentDownloadListSchema } } }, async (request) => {
    const session = sessionOf(request);
    if (session.profile.role !== 'candidate') throw forbidden(messages.candidate.documents.candidatesOnly, 'CANDIDATES_ONLY');
    return listDocumentDownloads(db, session.userId);
  });
}
