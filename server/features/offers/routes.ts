import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import {
  candidateOfferListSchema,
  candidateOfferSchema,
  companyOfferListSchema,
  companyOfferSchema,
  declineOfferBodySchema,
  emptyBodySchema,
  letterSignatoryBodySchema,
  letterSignatorySchema,
  offerBodySchema,
  offerIdParamsSchema,
  withdrawOfferBodySchema,
} from '../../../shared/schemas/offers.ts';
import { applicationIdParamsSchema } from '../../../shared/schemas/pipeline.ts';
import { sessionOf } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import { sendPdfDownload } from '../candidate-documents/file-names.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { acceptOffer, declineOffer, myOffers } from './answer-offer.ts';
import { getLetterSignatory, saveLetterSignatory } from './letter-signatory.ts';
import { approveOffer, submitOffer, withdrawOffer } from './offer-approval.ts';
import { openOfferLetter } from './offer-letter.ts';
import type { OfferActor } from './offer-rows.ts';
import { createOffer, listApplicationOffers, updateOffer } from './save-offer.ts';
import { sendOffer } from './send-offer.ts';

/**
 * Offers (issue 36 §5). The company's routes act on its own applications and offers only
 * (another company's is 404; roles per ROUTE_PERMISSIONS: approving is owners' and admins');
 * the candidate's act on offers sent to them only (anyone else's is 404).
 */
export async function offerRoutes(app: FastifyInstance, { database, storage, config, clock, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const user = { access: 'user' as const };
  const actorOf = (request: FastifyRequest): OfferActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };
  const candidateOf = (request: FastifyRequest) => {
    const session = sessionOf(request);
    if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
    return { userId: session.userId, ip: request.ip, publicUrl: config.PUBLIC_URL };
  };
  const letterDeps = (request: FastifyRequest) => ({ db, storage, log: request.log, publicUrl: config.PUBLIC_URL });

  api.get(
    '/api/pipeline/applications/:applicationId/offers',
    { config: user, schema: { params: applicationIdParamsSchema, response: { 200: companyOfferListSchema } } },
    async (request) => listApplicationOffers(db, actorOf(request).companyId, request.params.applicationId, clock()),
  );
  api.post(
    '/api/pipeline/applications/:applicationId/offers',
    { config: user, schema: { params: applicationIdParamsSchema, body: offerBodySchema, response: { 201: companyOfferSchema } } },
    async (request, reply) => reply.code(201).send(await createOffer(db, actorOf(request), request.params.applicationId, request.body, clock())),
  );
  api.put(
    '/api/offers/:offerId',
    { config: user, schema: { params: offerIdParamsSchema, body: offerBodySchema, response: { 200: companyOfferSchema } } },
    async (request) => updateOffer(db, actorOf(request), request.params.offerId, request.body, clock()),
  );
  api.post(
    '/api/offers/:offerId/submit',
    { config: user, schema: { params: offerIdParamsSchema, body: emptyBodySchema, response: { 200: companyOfferSchema } } },
    async (request) => submitOffer(db, actorOf(request), request.params.offerId, clock()),
  );
  api.post(
    '/api/offers/:offerId/approve',
    { config: user, schema: { params: offerIdParamsSchema, body: emptyBodySchema, response: { 200: companyOfferSchema } } },
    async (request) => approveOffer(db, { ...actorOf(request), companyRole: sessionOf(request).profile.company_role }, request.params.offerId, clock()),
  );
  api.post(
    '/api/offers/:offerId/send',
    { config: user, schema: { params: offerIdParamsSchema, body: emptyBodySchema, response: { 200: companyOfferSchema } } },
    async (request) => {
      const offer = await sendOffer(letterDeps(request), actorOf(request), request.params.offerId, clock());
      onMessageQueued();
      return offer;
    },
  );
  api.post(
    '/api/offers/:offerId/withdraw',
    { config: user, schema: { params: offerIdParamsSchema, body: withdrawOfferBodySchema, response: { 200: companyOfferSchema } } },
    async (request) => {
      const { offer, emailed } = await withdrawOffer(db, { ...actorOf(request), publicUrl: config.PUBLIC_URL }, request.params.offerId, request.body.reason, clock());
      if (emailed) onMessageQueued();
      return offer;
    },
  );
  // The company's members (the route table refuses interviewers) and the candidate it was sent to.
  api.get('/api/offers/:offerId/letter', { config: user, schema: { params: offerIdParamsSchema } }, async (request, reply) => {
    const session = sessionOf(request);
    const companyId = session.profile.role === 'employer' ? session.profile.company_id : null;
    const file = await openOfferLetter(letterDeps(request), { userId: session.userId, companyId }, request.params.offerId);
    return sendPdfDownload(reply, file, file.filename);
  });

  api.get('/api/candidate/offers', { config: user, schema: { response: { 200: candidateOfferListSchema } } }, async (request) => myOffers(db, candidateOf(request).userId, clock()));
  api.post(
    '/api/candidate/offers/:offerId/accept',
    { config: user, schema: { params: offerIdParamsSchema, body: emptyBodySchema, response: { 200: candidateOfferSchema } } },
    async (request) => {
      const offer = await acceptOffer(db, candidateOf(request), request.params.offerId, clock());
      onMessageQueued();
      return offer;
    },
  );
  api.post(
    '/api/candidate/offers/:offerId/decline',
    { config: user, schema: { params: offerIdParamsSchema, body: declineOfferBodySchema, response: { 200: candidateOfferSchema } } },
    async (request) => {
      const offer = await declineOffer(db, candidateOf(request), request.params.offerId, request.body.reason, clock());
      onMessageQueued();
      return offer;
    },
  );

  api.get('/api/settings/letter-signatory', { config: user, schema: { response: { 200: letterSignatorySchema } } }, async (request) => getLetterSignatory(db, actorOf(request).companyId));
  api.put('/api/settings/letter-signatory', { config: user, schema: { body: letterSignatoryBodySchema, response: { 200: letterSignatorySchema } } }, async (request) =>
    saveLetterSignatory(db, actorOf(request), request.body),
  );
}
