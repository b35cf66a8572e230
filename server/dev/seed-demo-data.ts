import { faker } from '@faker-js/faker';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/database.ts';
import { createFactories } from './factories.ts';

export const DEMO_PASSWORD = 'WorkCred-Demo-2026!';
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@demo.workcred.in', fullName: 'Aditi Rao' },
  { role: 'employer', email: 'hr@nimbus-tech.demo.workcred.in', fullName: 'Rahul Mehta', company: 'Nimbus Technologies' },
  { role: 'employer', email: 'talent@saffron-health.demo.workcred.in', fullName: 'Sneha Iyer', company: 'Saffron Health' },
  { role: 'candidate', email: 'arjun.candidate@demo.workcred.in', fullName: 'Arjun Nair' },
  { role: 'candidate', email: 'kavya.candidate@demo.workcred.in', fullName: 'Kavya Reddy' },
] as const;

export class RealUsersPresentError extends Error {
  override name = 'RealUsersPresentError';
}

/**
 * Demo companies, employers, candidates, jobs and applications. Refuses to touch a database
 * that already has users other than the demo ones, unless forced.
 */
export async function seedDemo(auth: Auth, database: Database, { force = false } = {}) {
  const { db } = database;
  const demoEmails: string[] = DEMO_ACCOUNTS.map((a) => a.email);
  const others = await db.selectFrom('auth_users').select('email').where('email', 'not in', demoEmails).limit(1).execute();
  if (others.length > 0 && !force) {
    throw new RealUsersPresentError('This database already has real users; seeding demo data would mix with them. Re-run with --force to seed anyway: npm run seed:demo -- --force');
  }
  const existing = await db.selectFrom('auth_users').select('email').where('email', 'in', demoEmails).execute();
  if (existing.length > 0) throw new RealUsersPresentError('Demo data is already present.');

  faker.seed(2026);
  const factories = createFactories(auth, database);
  const companies = new Map<string, string>();
  const candidates: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    let companyId: string | null = null;
    if ('company' in account) {
      companyId = companies.get(account.company) ?? (await factories.company({ name: account.company })).id;
      companies.set(account.company, companyId);
    }
    const user = await factories.user({ email: account.email, password: DEMO_PASSWORD, fullName: account.fullName, role: account.role, companyId });
    if (account.role === 'candidate') candidates.push(user.id);
  }
  for (const companyId of companies.values()) {
    for (let i = 0; i < 3; i += 1) {
      const job = await factories.job(companyId);
      for (const candidateId of candidates.slice(0, i)) await factories.application(job.id, candidateId);
    }
  }
  return { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })) };
}
