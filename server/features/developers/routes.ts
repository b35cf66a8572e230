import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../../../shared/schemas/api-keys.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { createApiKey, listApiKeys, revokeApiKey, type KeyActor } from './api-keys.ts';

const keyParams = z.object({ keyId: z.uuid('Not an API key id') });

/**
 * Settings → Developers (issue 16): a company's API keys. The access hook checks
 * developers.manage (owners and admins, route-permissions.ts); the company is the caller's own.
 */
export async function developersRoutes(app: FastifyInstance, { database, clock }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actorOf = (request: FastifyRequest): KeyActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip };
  };

  api.get('/api/developers/keys', { config: { access: 'user' }, schema: { response: { 200: apiKeyListSchema } } }, async (request) => ({
    keys: await listApiKeys(db, actorOf(request).companyId, clock()),
  }));
  api.post('/api/developers/keys', { config: { access: 'user' }, schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } }, async (request, reply) => {
    // The secret is in this answer only: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return reply.code(201).send(await createApiKey(db, actorOf(request), request.body, clock()));
  });
  api.post('/api/developers/keys/:keyId/revoke', { config: { access: 'user' }, schema: { params: keyParams, response: { 200: apiKeySchema } } }, async (request) =>
    revokeApiKey(db, actorOf(request), request.params.keyId, clock()),
  );
}
