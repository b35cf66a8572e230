import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamSchema } from '../../../shared/schemas/dashboard.ts';
import {
  acceptInviteBodySchema,
  approveJoinRequestBodySchema,
  createJoinRequestBodySchema,
  joinRequestIdParamsSchema,
  joinRequestListSchema,
  myJoinStatusSchema,
  acceptInviteResultSchema,
  changeRoleBodySchema,
  createInviteBodySchema,
  inviteIdParamsSchema,
  inviteLookupBodySchema,
  invitePreviewSchema,
  memberIdParamsSchema,
  requestNewInviteBodySchema,
  teamInviteListSchema,
  teamInviteSchema,
  transferOwnershipBodySchema,
} from '../../../shared/schemas/team.ts';
import { messages } from '../../../shared/messages.ts';
import { startSession } from '../../auth/mfa-session.ts';
import { loadSession } from '../../auth/session.ts';
import { forbidden } from '../../http/errors.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { acceptInviteAsMember, acceptInviteAsNewPerson, lookupInvite, requestNewInvite } from './accept-invite.ts';
import { createInvite, listInvites, resendInvite, revokeInvite, type TeamActor } from './invites.ts';
import { listTeam, teamCompanyId } from './list-team.ts';
import { changeMemberRole, removeMember, transferOwnership } from './manage-members.ts';
import { cancelMyJoinRequest, createJoinRequest, decideJoinRequest, listJoinRequests, myJoinStatus } from './join-requests.ts';

/** Anonymous calls that hold an invite token: a few a minute per address. */
export const INVITE_TOKEN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * Team Management (issue 13): members, invites, roles, removal and ownership. The access hook
 * checks team.view / team.manage / company.transfer (route-permissions.ts); the services take the
 * company from the caller's session, never from the request. The /api/invites routes are public:
 * the token in the body is the credential.
 */
export async function teamRoutes(app: FastifyInstance, { database, auth, config, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const actorOf = (request: FastifyRequest): TeamActor => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: teamCompanyId(session), companyRole: session.profile.company_role ?? 'interviewer', ip: request.ip, publicUrl: config.PUBLIC_URL };
  };

  api.get('/api/team', { config: { access: 'user' }, schema: { response: { 200: teamSchema } } }, async (request) => listTeam(db, teamCompanyId(sessionOf(request))));

  api.get('/api/team/invites', { config: { access: 'user' }, schema: { response: { 200: teamInviteListSchema } } }, async (request) => ({
    invites: await listInvites(db, teamCompanyId(sessionOf(request))),
  }));

  api.post('/api/team/invites', { config: { access: 'user' }, schema: { body: createInviteBodySchema, response: { 201: teamInviteSchema } } }, async (request, reply) => {
    const invite = await createInvite(db, actorOf(request), request.body);
    onMessageQueued();
    return reply.code(201).send(invite);
  });

  api.post('/api/team/invites/:inviteId/resend', { config: { access: 'user' }, schema: { params: inviteIdParamsSchema, response: { 200: teamInviteSchema } } }, async (request) => {
    const invite = await resendInvite(db, actorOf(request), request.params.inviteId);
    onMessageQueued();
    return invite;
  });

  api.delete('/api/team/invites/:inviteId', { config: { access: 'user' }, schema: { params: inviteIdParamsSchema } }, async (request, reply) => {
    await revokeInvite(db, actorOf(request), request.params.inviteId);
    return reply.code(204).send();
  });

  // Each change emails the person it is about (issue 33 B8): the outbox is woken after the commit.
  api.patch('/api/team/members/:userId', { config: { access: 'user' }, schema: { params: memberIdParamsSchema, body: changeRoleBodySchema, response: { 200: teamSchema } } }, async (request) => {
    const team = await changeMemberRole(db, actorOf(request), request.params.userId, request.body.company_role);
    onMessageQueued();
    return team;
  });

  api.delete('/api/team/members/:userId', { config: { access: 'user' }, schema: { params: memberIdParamsSchema, response: { 200: teamSchema } } }, async (request) => {
    const team = await removeMember(db, actorOf(request), request.params.userId);
    onMessageQueued();
    return team;
  });

  api.post('/api/team/transfer-ownership', { config: { access: 'user' }, schema: { body: transferOwnershipBodySchema, response: { 200: teamSchema } } }, async (request) => {
    const team = await transferOwnership({ auth, database, log: request.log }, actorOf(request), request.body);
    onMessageQueued();
    return team;
  });

  // Requests to join by a verified email domain: the requester's side, then the managers'.
  // Public like GET /api/session: a page that signs out while asking gets an empty answer, not a 401.
  api.get('/api/join-requests/mine', { config: { access: 'public' }, schema: { response: { 200: myJoinStatusSchema } } }, async (request, reply) => {
    const session = await loadSession(auth, database, request, reply);
    if (!session || (session.requiredAal === 'aal2' && session.aal !== 'aal2')) return { suggestion: null, request: null };
    return myJoinStatus(db, session.userId);
  });
  api.post('/api/join-requests', { config: { access: 'user' }, schema: { body: createJoinRequestBodySchema, response: { 200: myJoinStatusSchema } } }, async (request) => {
    const session = sessionOf(request);
    await createJoinRequest(db, { userId: session.userId, ip: request.ip, publicUrl: config.PUBLIC_URL }, request.body.company_id);
    onMessageQueued();
    return myJoinStatus(db, session.userId);
  });
  api.delete('/api/join-requests/mine', { config: { access: 'user' }, schema: { response: { 200: myJoinStatusSchema } } }, async (request) => {
    const session = sessionOf(request);
    await cancelMyJoinRequest(db, session.userId);
    return myJoinStatus(db, session.userId);
  });
  api.get('/api/team/join-requests', { config: { access: 'user' }, schema: { response: { 200: joinRequestListSchema } } }, async (request) => ({
    requests: await listJoinRequests(db, teamCompanyId(sessionOf(request))),
  }));
  api.post(
    '/api/team/join-requests/:requestId/approve',
    { config: { access: 'user' }, schema: { params: joinRequestIdParamsSchema, body: approveJoinRequestBodySchema, response: { 200: teamSchema } } },
    async (request) => {
      const actor = actorOf(request);
      await decideJoinRequest(db, actor, request.params.requestId, { approve: request.body.company_role });
      onMessageQueued();
      return listTeam(db, actor.companyId);
    },
  );
  api.post('/api/team/join-requests/:requestId/decline', { config: { access: 'user' }, schema: { params: joinRequestIdParamsSchema, response: { 200: teamSchema } } }, async (request) => {
    const actor = actorOf(request);
    await decideJoinRequest(db, actor, request.params.requestId, 'decline');
    onMessageQueued();
    return listTeam(db, actor.companyId);
  });

  // Accepting an invite (/join). Public: the token is the credential; a signed-in caller joins as themselves.
  api.post(
    '/api/invites/lookup',
    { config: { access: 'public', rateLimit: INVITE_TOKEN_RATE_LIMIT }, schema: { body: inviteLookupBodySchema, response: { 200: invitePreviewSchema } } },
    async (request) => lookupInvite(db, request.body.token),
  );

  api.post(
    '/api/invites/accept',
    { config: { access: 'public', rateLimit: INVITE_TOKEN_RATE_LIMIT }, schema: { body: acceptInviteBodySchema, response: { 200: acceptInviteResultSchema } } },
    async (request, reply) => {
      const session = await loadSession(auth, database, request, reply);
      if (session && session.requiredAal === 'aal2' && session.aal !== 'aal2') throw forbidden(messages.auth.mfaRequired, 'MFA_REQUIRED');
      if (session) return acceptInviteAsMember(db, session, request.body.token, request.ip);
      const { userId, result } = await acceptInviteAsNewPerson({ db, auth }, request.body, request.ip);
      await startSession(auth, request, reply, userId);
      request.log.info({ event: 'invite-accepted', userId }, 'new account joined a company from an invite');
      return result;
    },
  );

  api.post(
    '/api/invites/request-new',
    { config: { access: 'public', rateLimit: INVITE_TOKEN_RATE_LIMIT }, schema: { body: requestNewInviteBodySchema, response: { 200: z.object({ requested: z.literal(true) }) } } },
    async (request) => {
      await requestNewInvite(db, request.body.token, config.PUBLIC_URL);
      onMessageQueued();
      return { requested: true as const };
    },
  );
}
