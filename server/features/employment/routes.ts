import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addEmployeeBodySchema,
  candidateIdParamsSchema,
  createShareBodySchema,
  employeeListSchema,
  employeeSchema,
  employeesQuerySchema,
  employmentIdParamsSchema,
  employmentRecordSchema,
  myEmploymentRecordsSchema,
  recordShareSchema,
  recordSharesOverviewSchema,
  relieveBodySchema,
  shareIdParamsSchema,
  sharedRecordSchema,
  updateEmploymentBodySchema,
} from '../../../shared/schemas/employment.ts';
import { csvImportBodySchema } from '../../../shared/schemas/csv-import.ts';
import { employeeImportPreviewSchema, employeeImportResultSchema } from '../../../shared/schemas/employee-import.ts';
import { sessionOf } from '../../http/access.ts';
import { CSV_IMPORT_BODY_BYTES } from '../../imports/csv-table.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { employerCompanyId } from '../jobs/company-scope.ts';
import { confirmEmployment, declineEmployment } from './confirm-employment.ts';
import { addEmployee } from './add-employee.ts';
import { importEmployees, previewEmployeeImport } from './employee-import.ts';
import { listEmployees, relieveEmployee, updateEmployment } from './employees.ts';
import { myEmploymentRecords, sharedRecordForEmployer } from './records.ts';
import { candidateIdOf, myRecordShares, revokeShare, shareRecord } from './shares.ts';

/**
 * Onboard and Manage, and the portable record (issue 7 points 5 and 6). Employers act on their
 * own company's employments only (employerCompanyId, from the profile); candidates on their own
 * record and shares only. Another company's employment, another candidate's share: 404.
 */
export async function employmentRoutes(app: FastifyInstance, { config, database, clock, onMessageQueued }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const context = () => ({ now: clock(), publicUrl: config.PUBLIC_URL });

  api.get('/api/employees', { config: { access: 'user' }, schema: { querystring: employeesQuerySchema, response: { 200: employeeListSchema } } }, async (request) =>
    listEmployees(db, employerCompanyId(sessionOf(request)), request.query.status, clock()),
  );

  api.post('/api/employees', { config: { access: 'user' }, schema: { body: addEmployeeBodySchema, response: { 201: employeeSchema } } }, async (request, reply) => {
    const session = sessionOf(request);
    const employee = await addEmployee(db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.body, context());
    onMessageQueued();
    return reply.code(201).send(employee);
  });

  // Import from CSV (issue 36 §2): check every row, then all rows in one transaction or none.
  api.post(
    '/api/employees/import/preview',
    { config: { access: 'user' }, bodyLimit: CSV_IMPORT_BODY_BYTES, schema: { body: csvImportBodySchema, response: { 200: employeeImportPreviewSchema } } },
    async (request) => previewEmployeeImport(db, employerCompanyId(sessionOf(request)), request.body.csv),
  );

  api.post(
    '/api/employees/import',
    { config: { access: 'user' }, bodyLimit: CSV_IMPORT_BODY_BYTES, schema: { body: csvImportBodySchema, response: { 201: employeeImportResultSchema } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const result = await importEmployees(db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.body.csv, context());
      onMessageQueued();
      return reply.code(201).send(result);
    },
  );

  api.patch(
    '/api/employees/:employmentId',
    { config: { access: 'user' }, schema: { params: employmentIdParamsSchema, body: updateEmploymentBodySchema, response: { 200: employeeSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const employee = await updateEmployment(db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.employmentId, request.body, context());
      onMessageQueued();
      return employee;
    },
  );

  api.post(
    '/api/employees/:employmentId/relieve',
    { config: { access: 'user' }, schema: { params: employmentIdParamsSchema, body: relieveBodySchema, response: { 200: employeeSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const employee = await relieveEmployee(db, { userId: session.userId, companyId: employerCompanyId(session), ip: request.ip }, request.params.employmentId, request.body, context());
      onMessageQueued();
      return employee;
    },
  );

  api.get('/api/employment-records/mine', { config: { access: 'user' }, schema: { response: { 200: myEmploymentRecordsSchema } } }, async (request) =>
    myEmploymentRecords(db, sessionOf(request).userId, clock()),
  );

  // The person answers an employment a company added directly (issue 33 A1); only their own.
  api.post(
    '/api/employment-records/:employmentId/confirm',
    { config: { access: 'user' }, schema: { params: employmentIdParamsSchema, response: { 200: employmentRecordSchema } } },
    async (request) => confirmEmployment(db, { userId: sessionOf(request).userId, ip: request.ip }, request.params.employmentId, clock()),
  );

  api.post('/api/employment-records/:employmentId/decline', { config: { access: 'user' }, schema: { params: employmentIdParamsSchema } }, async (request, reply) => {
    await declineEmployment(db, { userId: sessionOf(request).userId, ip: request.ip }, request.params.employmentId, clock());
    return reply.code(204).send();
  });

  api.get(
    '/api/employment-records/shared/:candidateId',
    { config: { access: 'user' }, schema: { params: candidateIdParamsSchema, response: { 200: sharedRecordSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return sharedRecordForEmployer(db, { userId: session.userId, companyId: employerCompanyId(session) }, request.params.candidateId, clock());
    },
  );

  api.get('/api/record-shares/mine', { config: { access: 'user' }, schema: { response: { 200: recordSharesOverviewSchema } } }, async (request) =>
    myRecordShares(db, candidateIdOf(sessionOf(request))),
  );

  api.post(
    '/api/record-shares',
    { config: { access: 'user' }, schema: { body: createShareBodySchema, response: { 200: recordShareSchema, 201: recordShareSchema } } },
    async (request, reply) => {
      const { share, created } = await shareRecord(db, candidateIdOf(sessionOf(request)), request.body.company_id, request.ip);
      return reply.code(created ? 201 : 200).send(share);
    },
  );

  api.delete('/api/record-shares/:shareId', { config: { access: 'user' }, schema: { params: shareIdParamsSchema } }, async (request, reply) => {
    await revokeShare(db, candidateIdOf(sessionOf(request)), request.params.shareId, request.ip);
    return reply.code(204).send();
  });
}
