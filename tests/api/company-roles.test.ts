import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, companyRoles, type CompanyRole } from '../../shared/permissions.ts';
import { ROUTE_PERMISSIONS } from '../../server/http/route-permissions.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

/**
 * Routes a signed-in person uses that are not company work: their own account, a candidate's own
 * data, support. Every other signed-in route must name its permission in ROUTE_PERMISSIONS, so a
 * new route cannot slip past the company roles (issue 13).
 */
const NOT_COMPANY_ROUTES = new Set([
  'GET /api/me',
  'GET /api/rpc/is-admin',
  'POST /api/profile/complete',
  'GET /api/profile/signup-company',
  'POST /api/employer-onboarding',
  'POST /api/employer-onboarding/send-code',
  'GET /api/mfa/factors',
  'POST /api/mfa/factors',
  'DELETE /api/mfa/factors/:factorId',
  'POST /api/mfa/factors/:factorId/challenge',
  'POST /api/mfa/factors/:factorId/verify',
  'POST /api/mfa/reauth-code',
  'GET /api/mfa/recovery-codes',
  'POST /api/mfa/recovery-codes',
  'POST /api/mfa/recovery-codes/verify',
  'GET /api/notifications',
  'GET /api/notifications/unread',
  'POST /api/notifications/read',
  'POST /api/notifications/delivered',
  'GET /api/support/chat',
  'POST /api/support/chat',
  'GET /api/support/chats/:chatId/messages',
  'POST /api/support/chats/:chatId/messages',
  'GET /api/candidate/registration',
  'POST /api/candidate/registration/complete',
  'POST /api/candidate/verify-phone',
  'PUT /api/candidate/profile/uan',
  'PUT /api/candidate/profile/personal',
  'PUT /api/candidate/profile/professional',
  'GET /api/candidate/documents',
  'GET /api/candidate/document-downloads',
  'GET /api/candidate/letters',
  'GET /api/candidate/offers',
  'POST /api/candidate/offers/:offerId/accept',
  'POST /api/candidate/offers/:offerId/decline',
  'PUT /api/candidate/documents/:type',
  'GET /api/candidate/applications',
  'GET /api/candidate-search/career-profile',
  'PUT /api/candidate-search/career-profile',
  'POST /api/jobs/:jobId/applications',
  'GET /api/jobs/:jobId/applications/mine',
  'POST /api/pipeline/applications/:applicationId/withdraw',
  'GET /api/verification/checks',
  'POST /api/verification/checks/:subject/consent',
  'DELETE /api/verification/checks/:subject/consent',
  'POST /api/verification/epfo/refresh',
  'POST /api/verification/epfo/otp',
  'POST /api/verification/epfo/otp/code',
  'POST /api/verification/epfo/otp/resend',
  'DELETE /api/verification/epfo/otp',
  'GET /api/interviews/mine',
  'GET /api/employment-records/mine',
  'POST /api/employment-records/:employmentId/confirm',
  'POST /api/employment-records/:employmentId/decline',
  'GET /api/record-shares/mine',
  'POST /api/record-shares',
  'DELETE /api/record-shares/:shareId',
  'POST /api/join-requests',
  'DELETE /api/join-requests/mine',
  'GET /api/account',
  'PATCH /api/account/name',
  'POST /api/account/password',
  'POST /api/account/email',
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:sessionId',
  'POST /api/account/sessions/sign-out-others',
  'GET /api/privacy',
  'POST /api/privacy/grievances',
  'PUT /api/privacy/nominee',
  'DELETE /api/privacy/nominee',
  'POST /api/privacy/exports',
  'GET /api/privacy/exports/:exportId/download',
  'POST /api/privacy/erasure',
  'POST /api/privacy/corrections',
  'DELETE /api/privacy/erasure',
  'GET /api/digilocker/documents',
  'POST /api/digilocker/authorizations',
  'GET /api/digilocker/callback',
  'GET /api/digilocker/issued',
  'POST /api/digilocker/import',
  'DELETE /api/digilocker/documents/:documentId',
  'GET /api/digilocker/documents/:documentId/file',
  'GET /api/candidate/whatsapp',
  'PUT /api/candidate/whatsapp',
]);

/** Every route × every company role × two companies: who is refused for want of a permission. */
describe.skipIf(laneUnavailable)('company roles over the route table', () => {
  let t: TestApp;
  let ip = 0;
  const members = new Map<string, CookieJar>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const company of ['Aravalli Roles Pvt Ltd', 'Nilgiri Roles Pvt Ltd']) {
      const { id } = await t.factories.company({ name: company });
      for (const role of companyRoles) {
        const user = await t.factories.user({ role: 'employer', companyId: id, companyRole: role });
        members.set(`${company}:${role}`, await signIn(t.app, user.email, user.password, `10.71.0.${++ip}`));
      }
    }
  });
  afterAll(async () => t?.close());

  it('classifies every signed-in route: a company permission, or not company work', () => {
    const unclassified = t.app.declaredRoutes
      .filter((route) => route.access === 'user' || route.access === 'session')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !(key in ROUTE_PERMISSIONS) && !NOT_COMPANY_ROUTES.has(key));
    expect(unclassified).toEqual([]);
    const declared = new Set(t.app.declaredRoutes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !declared.has(key))).toEqual([]);
  });

  it('refuses each role exactly what the permission table denies it, in both companies', async () => {
    let denials = 0;
    let checks = 0;
    for (const [key, permission] of Object.entries(ROUTE_PERMISSIONS)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const [member, jar] of members) {
        const role = member.split(':')[1] as CompanyRole;
        const response = await t.app.inject({
          method,
          url: concreteUrl(url),
          headers: { cookie: jar.header },
          remoteAddress: `10.72.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = response.statusCode === 403 && response.json<{ code: string }>().code === 'PERMISSION_DENIED';
        checks += 1;
        expect({ key, member, refused, status: response.statusCode < 500 }).toEqual({ key, member, refused: !can(role, permission), status: true });
        if (refused) denials += 1;
      }
    }
    console.log(`company roles: ${checks} route × role × company checks, ${denials} denials`);
    expect(denials).toBeGreaterThan(0);
  });
});
