import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CookieJar } from './test-app.ts';

/** The development DigiLocker's sample degree (VTU, B.Tech 2019) and class XII marksheet (CBSE). */
export const SAMPLE_DEGREE = 'in.ac.vtu-DGCER-1RV15CS042';
export const SAMPLE_MARKSHEET = 'in.gov.cbse-HSCER-201512345678';

/**
 * A candidate brings documents from the development DigiLocker over HTTP, as the browser would:
 * start, follow the consent page's Allow to the callback, import. Returns the import's answer.
 */
export async function bringFromDigilocker(app: FastifyInstance, jar: CookieJar, uris: string[], remoteAddress: string): Promise<{ id: string; name: string }[]> {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.inject({ method, url, headers: { cookie: jar.header }, remoteAddress, ...(payload ? { payload } : {}) });
  const started = await call('POST', '/api/digilocker/authorizations');
  expect(started.statusCode, started.body).toBe(201);
  const consent = new URL(started.json<{ url: string }>().url);
  const page = await app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}`, remoteAddress });
  expect(page.statusCode, page.body).toBe(200);
  const allow = [...page.body.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1]!.replace(/&#38;/g, '&'))).find((link) => link.pathname === '/api/digilocker/callback' && link.searchParams.has('code'));
  expect(allow, 'the consent page has an Allow link').toBeDefined();
  const back = await call('GET', `${allow!.pathname}${allow!.search}`);
  expect(back.statusCode, back.body).toBe(303);
  jar.store(back);
  const imported = await call('POST', '/api/digilocker/import', { uris });
  expect(imported.statusCode, imported.body).toBe(201);
  jar.store(imported);
  return imported.json<{ documents: { id: string; name: string }[] }>().documents;
}
