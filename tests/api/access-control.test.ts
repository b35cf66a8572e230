import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * Table-driven over every declared /api route: new routes join the table by being declared.
 * Anonymous callers get 401 from every signed-in route; candidates and employers 403 from every
 * admin route.
 */
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

describe.skipIf(laneUnavailable)('access control over the route table', () => {
  let t: TestApp;
  const jars: Record<'candidate' | 'employer' | 'admin', CookieJar> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['candidate', 'employer', 'admin'] as const) {
      const user = await t.factories.user({ role });
      jars[role] = await signIn(t.app, user.email, user.password, `10.9.0.${role.length}`);
    }
  });
  afterAll(async () => t?.close());

  it('declares an access level for every API route', () => {
    expect(t.app.declaredRoutes.length).toBeGreaterThan(3);
    expect(t.app.declaredRoutes.filter((r) => r.access === 'admin').length).toBeGreaterThan(0);
  });

  it('answers 401 to anonymous callers on every signed-in route', async () => {
    const routes = t.app.declaredRoutes.filter((r) => r.access !== 'public');
    for (const route of routes) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
    }
  });

  it('answers 403 to candidates and employers on every admin route', async () => {
    const routes = t.app.declaredRoutes.filter((r) => r.access === 'admin');
    for (const role of ['candidate', 'employer'] as const) {
      for (const route of routes) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { cookie: jars[role].header },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect({ role, route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({ role, route: `${route.method} ${route.url}`, status: 403 });
        expect(response.json().message).toBe(messages.auth.adminRequired);
      }
    }
  });

  it('lets an admin through admin routes and decides is_admin on the server', async () => {
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: jars.admin.header } });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ total_users: 3 });
    const yes = await t.app.inject({ method: 'GET', url: '/api/rpc/is-admin', headers: { cookie: jars.admin.header } });
    const no = await t.app.inject({ method: 'GET', url: '/api/rpc/is-admin', headers: { cookie: jars.employer.header } });
    expect(yes.json()).toEqual({ is_admin: true });
    expect(no.json()).toEqual({ is_admin: false });
  });

  it('ignores role and company fields a caller sends at sign-up (no mass assignment)', async () => {
    const company = await t.factories.company();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'sneaky@corp-five.in', password: 'Sneaky-But-Long-Pass-1', name: 'Sneaky', role: 'admin', company_id: company.id, emailVerified: true },
    });
    expect(response.statusCode).toBeLessThan(500);
    const profile = await t.database.db.selectFrom('user_profiles').selectAll().where('email', '=', 'sneaky@corp-five.in').executeTakeFirst();
    if (profile) {
      expect(profile.role).toBe('candidate');
      expect(profile.company_id).toBeNull();
      const user = await t.database.db.selectFrom('auth_users').select('emailVerified').where('id', '=', profile.id).executeTakeFirstOrThrow();
      expect(user.emailVerified).toBe(false);
    }
  });

  it('refuses cross-site writes (foreign Origin or Sec-Fetch-Site: cross-site)', async () => {
    const foreign = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: jars.employer.header, origin: 'https://evil.example' }, payload: {} });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: jars.employer.header, 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(crossSite.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: jars.employer.header } });
    expect(me.statusCode).toBe(200);
  });
});
