import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { createFactories, type Factories } from '../../server/dev/factories.ts';
import { openTestDatabase } from './test-database.ts';
import type { EpfoHistoryProvider } from '../../server/features/verification/sources/epfo/provider.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  factories: Factories;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, options: { distDir?: string; beforeReady?: (app: FastifyInstance) => void; clock?: () => Date; uanProvider?: EpfoHistoryProvider | null; database?: Database } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-test-'));
  // The public answers cache and the company job-list cache are off unless a test turns them on
  // (public-jobs-cache.test.ts, company-jobs-cache.test.ts): tests that change jobs or add
  // applications straight in the database (factories) would otherwise race the change's
  // notification, which reaches the app's listener a moment after the commit.
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', PUBLIC_CACHE_SECONDS: '0', COMPANY_CACHE_SECONDS: '0', ...env });
  // A test may open its own (its own settings or pool size); it is closed with the app all the same.
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({ config, database, distDir: options.distDir, clock: options.clock, ...(options.uanProvider !== undefined ? { uanProvider: options.uanProvider } : {}) });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    factories: createFactories(app.auth, database),
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Collects Set-Cookie answers into a Cookie header, like a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now()) || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return this;
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get size(): number {
    return this.cookies.size;
  }
}

/** Signs in through the real endpoint; returns the jar holding the session cookie. */
export async function signIn(app: FastifyInstance, email: string, password: string, ip = '10.0.0.1'): Promise<CookieJar> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress: ip });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return new CookieJar().store(response);
}
