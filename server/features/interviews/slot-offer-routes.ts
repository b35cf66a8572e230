import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pickSlotBodySchema,
  slotOfferBodySchema,
  slotOfferConflictSchema,
  slotOfferListQuerySchema,
  slotOfferListSchema,
  slotOfferParamsSchema,
  slotOfferSchema,
  slotPickPageSchema,
  slotLookupBodySchema,
} from '../../../shared/schemas/interview-slots.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { interviewCompanyOf } from './interview-scope.ts';
import { InterviewConflictError } from './interview-rules.ts';
import { listSlotOffers, offerSlots, withdrawSlotOffer } from './slot-offers.ts';
import { getSlotPickPage, pickSlot } from './slot-picks.ts';

const errorBody = z.object({ code: z.string(), message: z.string() }).passthrough();
/** The link's page is public: a token guess is one of 2^256, but keep each address from hammering it. */
const PICK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * Self-scheduling (issue 36 §4): the company offers times for an application (interviews.manage),
 * and the candidate picks one from the link, with no session: the secret token (in the link's
 * #fragment, sent in the body) is the only key.
 */
export async function slotOfferRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const actorOf = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: interviewCompanyOf(session), ip: request.ip };
  };

  api.post(
    '/api/interviews/slot-offers',
    { config: { access: 'user' }, schema: { body: slotOfferBodySchema, response: { 201: slotOfferSchema, 409: errorBody.or(slotOfferConflictSchema) } } },
    async (request, reply) => {
      try {
        const offer = await offerSlots(db, { ...actorOf(request), mailFrom: deps.config.MAIL_FROM, publicUrl: deps.config.PUBLIC_URL }, request.body, deps.clock());
        deps.onMessageQueued();
        return reply.code(201).send(offer);
      } catch (error) {
        if (error instanceof InterviewConflictError) return reply.code(409).send({ code: 'INTERVIEW_CONFLICT', message: error.message, conflicts: error.conflicts });
        throw error;
      }
    },
  );

  api.get('/api/interviews/slot-offers', { config: { access: 'user' }, schema: { querystring: slotOfferListQuerySchema, response: { 200: slotOfferListSchema } } }, async (request) => ({
    offers: await listSlotOffers(db, actorOf(request).companyId, request.query.application_id),
  }));

  api.post('/api/interviews/slot-offers/:id/withdraw', { config: { access: 'user' }, schema: { params: slotOfferParamsSchema, response: { 200: slotOfferSchema } } }, async (request) =>
    withdrawSlotOffer(db, actorOf(request), request.params.id, deps.clock()),
  );

  api.post(
    '/api/interview-slots/lookup',
    { config: { access: 'public', rateLimit: PICK_RATE_LIMIT }, schema: { body: slotLookupBodySchema, response: { 200: slotPickPageSchema } } },
    async (request, reply) => reply.header('cache-control', 'private, no-store').send(await getSlotPickPage(db, request.body.token, deps.clock())),
  );

  api.post(
    '/api/interview-slots/book',
    { config: { access: 'public', rateLimit: PICK_RATE_LIMIT }, schema: { body: pickSlotBodySchema, response: { 200: slotPickPageSchema } } },
    async (request) => {
      const page = await pickSlot(db, request.body.token, request.body.starts_at, { ip: request.ip, mailFrom: deps.config.MAIL_FROM }, deps.clock());
      deps.onMessageQueued();
      return page;
    },
  );
}
