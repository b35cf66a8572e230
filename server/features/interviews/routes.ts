import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.ts';
import {
  cancelInterviewBodySchema,
  interviewConflictErrorSchema,
  interviewIdParamsSchema,
  interviewListSchema,
  interviewSchema,
  listInterviewsQuerySchema,
  myInterviewListSchema,
  noShowBodySchema,
  rescheduleInterviewBodySchema,
  savedInterviewSchema,
  scheduleInterviewBodySchema,
} from '../../../shared/schemas/interviews.ts';
import type { SessionContext } from '../../auth/session.ts';
import { sessionOf } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { cancelInterview } from './cancel-interview.ts';
import { memberScope } from '../team/member-scope.ts';
import { interviewCompanyOf, type Actor } from './interview-scope.ts';
import { InterviewConflictError } from './interview-rules.ts';
import { getInterview, listInterviews, listMyInterviews } from './list-interviews.ts';
import { markNoShow, undoNoShow } from './mark-no-show.ts';
import { calendarFeedRoutes } from './calendar-feed-routes.ts';
import { slotOfferRoutes } from './slot-offer-routes.ts';
import { rescheduleInterview } from './reschedule-interview.ts';
import { scheduleInterview } from './schedule-interview.ts';
import { scorecardRoutes } from './scorecard-routes.ts';

const errorBody = z.object({ code: z.string(), message: z.string() }).passthrough();

/** Interviews (issue 7 point 4): scheduling in IST, invites, reminders, scorecards. */
export async function interviewRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const actorOf = (session: SessionContext, ip: string): Actor & { mailFrom: string } => ({
    userId: session.userId,
    companyId: interviewCompanyOf(session),
    ip,
    mailFrom: deps.config.MAIL_FROM,
  });

  api.get('/api/interviews', { config: { access: 'user' }, schema: { querystring: listInterviewsQuerySchema, response: { 200: interviewListSchema } } }, async (request) => ({
    interviews: await listInterviews(db, memberScope(sessionOf(request)), request.query, deps.clock()),
  }));

  // A candidate's own interviews (declared before /:id; Fastify prefers the static segment anyway).
  api.get('/api/interviews/mine', { config: { access: 'user' }, schema: { response: { 200: myInterviewListSchema } } }, async (request) => {
    const session = sessionOf(request);
    if (session.profile.role !== 'candidate') throw forbidden(messages.interviews.candidatesOnly, 'CANDIDATES_ONLY');
    return { interviews: await listMyInterviews(db, session.userId, deps.clock()) };
  });

  api.get('/api/interviews/:id', { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, response: { 200: interviewSchema } } }, async (request) =>
    getInterview(db, memberScope(sessionOf(request)), request.params.id),
  );

  api.post(
    '/api/interviews',
    { config: { access: 'user' }, schema: { body: scheduleInterviewBodySchema, response: { 201: savedInterviewSchema, 409: errorBody.or(interviewConflictErrorSchema) } } },
    async (request, reply) => {
      try {
        const interview = await scheduleInterview(db, actorOf(sessionOf(request), request.ip), request.body, deps.clock());
        deps.onMessageQueued();
        return reply.code(201).send(interview);
      } catch (error) {
        if (error instanceof InterviewConflictError) return reply.code(409).send({ code: 'INTERVIEW_CONFLICT', message: error.message, conflicts: error.conflicts });
        throw error;
      }
    },
  );

  api.patch(
    '/api/interviews/:id',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, body: rescheduleInterviewBodySchema, response: { 200: savedInterviewSchema, 409: errorBody.or(interviewConflictErrorSchema) } } },
    async (request, reply) => {
      try {
        const interview = await rescheduleInterview(db, actorOf(sessionOf(request), request.ip), request.params.id, request.body, deps.clock());
        deps.onMessageQueued();
        return reply.send(interview);
      } catch (error) {
        if (error instanceof InterviewConflictError) return reply.code(409).send({ code: 'INTERVIEW_CONFLICT', message: error.message, conflicts: error.conflicts });
        throw error;
      }
    },
  );

  api.post(
    '/api/interviews/:id/cancel',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, body: cancelInterviewBodySchema, response: { 200: interviewSchema } } },
    async (request) => {
      const interview = await cancelInterview(db, actorOf(sessionOf(request), request.ip), request.params.id, request.body.reason ?? null, deps.clock());
      deps.onMessageQueued();
      return interview;
    },
  );

  // The candidate did not attend (issue 36 §4): only once the start has passed; DELETE undoes it.
  api.post(
    '/api/interviews/:id/no-show',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, body: noShowBodySchema, response: { 200: interviewSchema } } },
    async (request) => markNoShow(db, actorOf(sessionOf(request), request.ip), request.params.id, deps.clock()),
  );

  api.delete(
    '/api/interviews/:id/no-show',
    { config: { access: 'user' }, schema: { params: interviewIdParamsSchema, response: { 200: interviewSchema } } },
    async (request) => undoNoShow(db, actorOf(sessionOf(request), request.ip), request.params.id, deps.clock()),
  );

  await scorecardRoutes(app, deps);
  await calendarFeedRoutes(app, deps);
  await slotOfferRoutes(app, deps);
}
