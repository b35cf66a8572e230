import { seedBilling } from './seed-demo-billing.ts';
import { fakerEN_IN as faker } from '@faker-js/faker';
import type { FastifyInstance } from 'fastify';
import { createFileStorage } from '../storage/create-file-storage.ts';
import { DEMO_CANDIDATES, DEMO_COMPANIES, type DemoCandidate } from './demo-cast.ts';
import { createFactories } from './factories.ts';
import { seedActivity } from './seed-demo-activity.ts';
import { seedChecks } from './seed-demo-checks.ts';
import { seedDigilocker } from './seed-demo-digilocker.ts';
import { seedLetters } from './seed-demo-letters.ts';
import { seedOffers } from './seed-demo-offers.ts';
import { seedEmailTemplates } from './seed-demo-email-templates.ts';
import { DEMO_JOIN_REQUESTER, seedSettings } from './seed-demo-settings.ts';
import { seedHiring, type SeededCompany } from './seed-demo-hiring.ts';
import { seedJobLifecycle } from './seed-demo-jobs.ts';
import { seedScorecards } from './seed-demo-scorecards.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import { createInvite } from '../features/team/invites.ts';
import { seedPrivacy } from './seed-demo-privacy.ts';
import { seedNotes } from './seed-demo-notes.ts';
import { seedScreening } from './seed-demo-screening.ts';
import { seedSlotOffers } from './seed-demo-slots.ts';
import { seedInvitations } from './seed-demo-invitations.ts';

export const DEMO_PASSWORD = 'WorkCred-Demo-2026!';

/** The accounts the README lists: each signs in with DEMO_PASSWORD. */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@demo.workcred.in', fullName: 'Aditi Rao' },
  ...DEMO_COMPANIES.flatMap((company) => company.team.map((member) => ({ role: 'employer' as const, email: member.email, fullName: member.fullName, company: company.name }))),
  ...DEMO_CANDIDATES.filter((candidate) => candidate.listed).map((candidate) => ({ role: 'candidate' as const, email: candidate.email, fullName: candidate.fullName })),
] as const;

export class RealUsersPresentError extends Error {
  override name = 'RealUsersPresentError';
}

/**
 * Demo data that shows every feature (issue 19): two companies with a team each, jobs with
 * applications in every pipeline stage (with history and sources), interviews past and upcoming
 * with a scorecard, verification checks in each status with consent and evidence, employees and
 * a relieved employment, a shared portable record with a view, a support chat, a notification and
 * the audit trail behind it all. It writes through the service functions the API uses, so every
 * rule, constraint and trigger applies. Refuses a database with other users unless forced.
 */
export async function seedDemo(app: FastifyInstance, { force = false } = {}) {
  const database = app.database;
  const { db } = database;
  const demoEmails = [...DEMO_ACCOUNTS.map((a) => a.email), ...DEMO_CANDIDATES.map((c) => c.email), DEMO_JOIN_REQUESTER.email];
  const others = await db.selectFrom('auth_users').select('email').where('email', 'not in', demoEmails).limit(1).execute();
  if (others.length > 0 && !force) {
    throw new RealUsersPresentError('This database already has real users; seeding demo data would mix with them. Re-run with --force to seed anyway: npm run seed:demo -- --force');
  }
  const existing = await db.selectFrom('auth_users').select('email').where('email', 'in', demoEmails).execute();
  if (existing.length > 0) throw new RealUsersPresentError('Demo data is already present.');

  faker.seed(2026);
  const factories = createFactories(app.auth, database);
  const storage = createFileStorage(app.config);
  const context: SeedContext = { app, db, storage, factories, publicUrl: app.config.PUBLIC_URL, mailFrom: app.config.MAIL_FROM };
  try {
    const admin = await factories.user({ email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD, fullName: DEMO_ACCOUNTS[0].fullName, role: 'admin' });
    const companies: SeededCompany[] = [];
    for (const company of DEMO_COMPANIES) {
      const { id } = await factories.company({ name: company.name });
      const team = [];
      for (const member of company.team) team.push(await factories.user({ email: member.email, password: DEMO_PASSWORD, fullName: member.fullName, role: 'employer', companyId: id, companyRole: member.companyRole }));
      companies.push({ id, spec: company, team });
      if (company.invite) {
        const [owner] = team as [(typeof team)[number]];
        await createInvite(db, { userId: owner.id, companyId: id, companyRole: 'owner', ip: SEED_IP, publicUrl: app.config.PUBLIC_URL }, { email: company.invite.email, company_role: company.invite.companyRole });
      }
    }
    const candidates = new Map<string, { id: string; spec: DemoCandidate }>();
    for (const spec of DEMO_CANDIDATES) {
      const user = await factories.user({ email: spec.email, password: DEMO_PASSWORD, fullName: spec.fullName, role: 'candidate' });
      await factories.candidateProfile(user.id, { ...spec.profile, phone: spec.phone });
      candidates.set(spec.key, { id: user.id, spec });
    }
    const hiring = await seedHiring(context, companies, candidates);
    await seedJobLifecycle(context, companies, hiring.jobs);
    await seedScreening(context, companies, hiring.jobs, candidates);
    await seedScorecards(context, companies);
    await seedSlotOffers(context, companies);
    await seedChecks(context, { adminId: admin.id, candidates });
    await seedDigilocker(context, candidates);
    await seedSettings(context, factories, companies, DEMO_PASSWORD);
    await seedLetters(context, companies);
    await seedOffers(context, companies);
    await seedEmailTemplates(context, companies);
    await seedNotes(context, companies);
    await seedInvitations(context, companies, candidates);
    // After everything that writes to the audit trail through the screens' functions, so the week's
    // activity is spread over the week; before billing, whose webhook endpoint would otherwise
    // receive deliveries still pending when the seed ends.
    await seedActivity(context, { admin, companies, candidates, hiring });
    await seedBilling(context, companies);
    await seedPrivacy(context, admin.id, candidates, DEMO_PASSWORD);
  } finally {
    await storage.close?.();
  }
  return { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map(({ role, email }) => ({ role, email })) };
}
