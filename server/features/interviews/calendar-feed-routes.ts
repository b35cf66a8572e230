import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarFeedParamsSchema, calendarFeedSchema } from '../../../shared/schemas/interview-calendar-feed.ts';
import { sessionOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { calendarFeedIcs, createCalendarFeed, getCalendarFeed, revokeCalendarFeed } from './calendar-feed.ts';
import { interviewCompanyOf } from './interview-scope.ts';

/**
 * The interviewer's private calendar feed (issue 36 §4): the member manages their own address
 * (the session decides whose; nothing in the request names a user), and calendar apps fetch it
 * with no session, the secret token being the only key.
 */
export async function calendarFeedRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const actor = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return { userId: session.userId, companyId: interviewCompanyOf(session), ip: request.ip };
  };

  api.get('/api/calendar/feed', { config: { access: 'user' }, schema: { response: { 200: calendarFeedSchema } } }, async (request) => getCalendarFeed(db, actor(request).userId));

  api.post('/api/calendar/feed', { config: { access: 'user' }, schema: { response: { 201: calendarFeedSchema } } }, async (request, reply) =>
    reply.code(201).send(await createCalendarFeed(db, actor(request), deps.config.PUBLIC_URL, deps.clock())),
  );

  api.delete('/api/calendar/feed', { config: { access: 'user' }, schema: { response: { 200: calendarFeedSchema } } }, async (request) => revokeCalendarFeed(db, actor(request)));

  api.get('/api/calendar/:token.ics', { config: { access: 'public' }, schema: { params: calendarFeedParamsSchema } }, async (request, reply) => {
    const ics = await calendarFeedIcs(db, request.params.token, deps.clock());
    // The token is the key: keep the answer out of shared caches and logs of referrers.
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(ics);
  });
}
