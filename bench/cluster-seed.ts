import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';

export interface SeededPerson {
  email: string;
  password: string;
  role: 'employer' | 'candidate';
  /** The session cookie, once signed in through HAProxy. */
  cookie?: string;
}

export interface Seeded {
  employers: SeededPerson[];
  candidates: SeededPerson[];
  /** Published jobs, for the job pages. */
  jobIds: string[];
}

/**
 * The cluster benches' data, made with the factories that tests and the demo seed use (through
 * better-auth, as real users), on the primary: companies each with an owner and published jobs,
 * and candidates with a finished registration. Then everyone signs in through HAProxy.
 */
export async function seedCluster(primaryUrl: string, clusterUrl: string, counts = { companies: 4, jobsPerCompany: 10, candidates: 16 }): Promise<Seeded> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-cluster-seed-'));
  const database = await openDatabase({ kind: 'postgres', url: primaryUrl });
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, PUBLIC_URL: clusterUrl, LOG_LEVEL: 'silent', EPFO_LOOKUP_SLOTS: '0', OCR_WORKERS: '0' });
  const app = await buildApp({ config, database });
  const seeded: Seeded = { employers: [], candidates: [], jobIds: [] };
  // The development outbox prints every sign-up's confirmation mail; the bench's figures would drown.
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  try {
    await app.ready();
    const factories = createFactories(app.auth, database);
    for (let index = 0; index < counts.companies; index += 1) {
      const company = await factories.company();
      const owner = await factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
      seeded.employers.push({ email: owner.email, password: owner.password, role: 'employer' });
      for (let job = 0; job < counts.jobsPerCompany; job += 1) seeded.jobIds.push((await factories.job(company.id, { createdBy: owner.id })).id);
    }
    for (let index = 0; index < counts.candidates; index += 1) {
      const user = await factories.user({ role: 'candidate' });
      await factories.candidateProfile(user.id);
      seeded.candidates.push({ email: user.email, password: user.password, role: 'candidate' });
    }
  } finally {
    process.stdout.write = write;
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  let address = 0;
  for (const person of [...seeded.employers, ...seeded.candidates]) person.cookie = await signIn(clusterUrl, person, `10.77.0.${(address += 1)}`);
  return seeded;
}

async function signIn(clusterUrl: string, person: SeededPerson, forwardedFor: string): Promise<string> {
  const response = await fetch(`${clusterUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: clusterUrl, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${person.email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Which of the markers are job titles in the database now (the acknowledged writes that survived). */
export async function markersFound(url: string, prefix: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ title: string }>('SELECT title FROM job_postings WHERE title LIKE $1', [`${prefix}%`]);
    return new Set(rows.map((row) => row.title));
  } finally {
    await client.end();
  }
}
