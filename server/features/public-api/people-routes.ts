import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addEmployeeBodySchema, relieveBodySchema } from '../../../shared/schemas/employment.ts';
import { cancelInterviewBodySchema, listInterviewsQuerySchema, v1ScheduleInterviewBodySchema } from '../../../shared/schemas/interviews.ts';
import {
  v1CandidateParamsSchema,
  v1CandidateSchema,
  v1EmployeeListSchema,
  v1EmployeeParamsSchema,
  v1EmployeeSchema,
  v1EmployeesQuerySchema,
  v1InterviewListSchema,
  v1InterviewParamsSchema,
  v1InterviewSchema,
  v1SavedInterviewSchema,
} from '../../../shared/schemas/public-api.ts';
import type { ApiScope } from '../../../shared/schemas/api-keys.ts';
import { apiKeyOf } from '../../http/access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { addEmployee } from '../employment/add-employee.ts';
import { listEmployees, relieveEmployee } from '../employment/employees.ts';
import { cancelInterview } from '../interviews/cancel-interview.ts';
import { InterviewConflictError } from '../interviews/interview-rules.ts';
import { listInterviews } from '../interviews/list-interviews.ts';
import { scheduleInterview } from '../interviews/schedule-interview.ts';
import { getCompanyCandidate } from '../pipeline/list-applications.ts';
import { wholeCompany } from '../team/member-scope.ts';
import { keyActor } from './key-actor.ts';
import { sendProblem } from './problem.ts';

/**
 * /api/v1 candidates (read what the company may see), interviews (list, schedule, cancel) and
 * employees (list, add, relieve). Interviews and employees are bounded sets answered whole:
 * next_cursor is always null (interviews narrow by from/to and limit).
 */
export async function peopleRoutes(v1: FastifyInstance, { config, database, clock, onMessageQueued }: FeatureDeps) {
  const api = v1.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const rateLimit = { max: config.API_RATE_LIMIT_MAX, timeWindow: config.API_RATE_LIMIT_WINDOW_SECONDS * 1000 };
  const scoped = (apiScope: ApiScope) => ({ access: 'api-key' as const, apiScope, rateLimit });

  api.get('/api/v1/candidates/:id', { config: scoped('candidates:read'), schema: { operationId: 'getCandidate', summary: 'Get a candidate who applied', params: v1CandidateParamsSchema, response: { 200: v1CandidateSchema } } }, async (request) =>
    getCompanyCandidate(db, apiKeyOf(request).companyId, request.params.id),
  );

  api.get('/api/v1/interviews', { config: scoped('interviews:read'), schema: { operationId: 'listInterviews', summary: 'List interviews', querystring: listInterviewsQuerySchema, response: { 200: v1InterviewListSchema } } }, async (request) => ({
    data: await listInterviews(db, wholeCompany(apiKeyOf(request).companyId), request.query, clock()),
    next_cursor: null,
  }));

  api.post('/api/v1/interviews', { config: scoped('interviews:write'), schema: { operationId: 'scheduleInterview', summary: 'Schedule an interview', body: v1ScheduleInterviewBodySchema, response: { 201: v1SavedInterviewSchema } } }, async (request, reply) => {
    try {
      const interview = await scheduleInterview(db, { ...(await keyActor(db, request)), mailFrom: config.MAIL_FROM }, request.body, clock());
      onMessageQueued();
      return reply.code(201).send(interview);
    } catch (error) {
      if (!(error instanceof InterviewConflictError)) throw error;
      // Nothing saved; send again with allow_conflicts: true to go ahead.
      return sendProblem(reply, config.PUBLIC_URL, 409, 'INTERVIEW_CONFLICT', error.message, { conflicts: error.conflicts });
    }
  });

  api.post(
    '/api/v1/interviews/:id/cancel',
    { config: scoped('interviews:write'), schema: { operationId: 'cancelInterview', summary: 'Cancel an interview', params: v1InterviewParamsSchema, body: cancelInterviewBodySchema, response: { 200: v1InterviewSchema } } },
    async (request) => {
      const interview = await cancelInterview(db, { ...(await keyActor(db, request)), mailFrom: config.MAIL_FROM }, request.params.id, request.body.reason ?? null, clock());
      onMessageQueued();
      return interview;
    },
  );

  api.get('/api/v1/employees', { config: scoped('employees:read'), schema: { operationId: 'listEmployees', summary: 'List employees', querystring: v1EmployeesQuerySchema, response: { 200: v1EmployeeListSchema } } }, async (request) => ({
    data: await listEmployees(db, apiKeyOf(request).companyId, request.query.status, clock()),
    next_cursor: null,
  }));

  api.post('/api/v1/employees', { config: scoped('employees:write'), schema: { operationId: 'addEmployee', summary: 'Add an employee', body: addEmployeeBodySchema, response: { 201: v1EmployeeSchema } } }, async (request, reply) => {
    const employee = await addEmployee(db, await keyActor(db, request), request.body, { now: clock(), publicUrl: config.PUBLIC_URL });
    onMessageQueued();
    return reply.code(201).send(employee);
  });

  api.post(
    '/api/v1/employees/:id/relieve',
    { config: scoped('employees:write'), schema: { operationId: 'relieveEmployee', summary: 'Relieve an employee', params: v1EmployeeParamsSchema, body: relieveBodySchema, response: { 200: v1EmployeeSchema } } },
    async (request) => {
      const employee = await relieveEmployee(db, await keyActor(db, request), request.params.id, request.body, { now: clock(), publicUrl: config.PUBLIC_URL });
      onMessageQueued();
      return employee;
    },
  );
}
