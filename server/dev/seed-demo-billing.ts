import { sql } from 'kysely';
import { completeDevCheckout } from '../features/billing/dev-payments.ts';
import { createPaymentsProvider } from '../features/billing/create-payments-provider.ts';
import { startCheckout } from '../features/billing/subscribe.ts';
import { createApiKey, revokeApiKey } from '../features/developers/api-keys.ts';
import { newMessageId, webhookBody } from '../features/webhooks/emit.ts';
import { createWebhook } from '../features/webhooks/endpoints.ts';
import { requestCheck } from '../features/verification/check-requests.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 15 in the demo: Nimbus pays for Professional through the test checkout (an active plan, a
 * payment and its GST invoice on Billing); Saffron is on day 11 of its trial, so its dashboard
 * shows "Trial: 3 days left". Payments are made only with the development provider. Issue 16:
 * Nimbus has an API key for its HRMS and a revoked one, and a webhook endpoint with a delivery log;
 * its recruiter has asked two applicants for background checks.
 */
export async function seedBilling(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { app, db } = context;
  const provider = createPaymentsProvider(app.config);
  for (const company of companies) {
    const owner = company.team[0];
    if (!owner) continue;
    const stepStart = new Date();
    if (company.spec.key === 'nimbus' && provider.id === 'development') {
      // Its trial is over, so its plan starts at once (paid during a trial, it would start at the trial's end).
      await db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() - DAY) }).where('company_id', '=', company.id).execute();
      const checkout = await startCheckout(db, provider, { userId: owner.id, companyId: company.id, ip: SEED_IP }, { plan: 'professional', checks_add_on: false }, new Date());
      await completeDevCheckout(app, provider, company.id, checkout.checkout_id, new Date());
    } else if (company.spec.key === 'saffron') {
      await db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() + 3 * DAY - 60 * 60 * 1000) }).where('company_id', '=', company.id).execute();
    }
    if (company.spec.key === 'nimbus') {
      // Settings → Developers: the HRMS integration's key (used two hours ago) and a revoked one.
      const sync = await createApiKey(db, { userId: owner.id, companyId: company.id, ip: SEED_IP }, { name: 'Keka HRMS sync', scopes: ['jobs:read', 'applications:read', 'employees:read', 'employees:write'], expires_on: null }, new Date());
      await db.updateTable('api_keys').set({ last_used_at: new Date(Date.now() - 2 * 60 * 60 * 1000) }).where('id', '=', sync.key.id).execute();
      const old = await createApiKey(db, { userId: owner.id, companyId: company.id, ip: SEED_IP }, { name: 'Old careers-site script', scopes: ['jobs:read'], expires_on: null }, new Date());
      await revokeApiKey(db, { userId: owner.id, companyId: company.id, ip: SEED_IP }, old.key.id, new Date());
      // Made weeks ago, so the week's hiring stays in Recent Activity.
      for (const [keyId, daysAgo] of [[sync.key.id, 20], [old.key.id, 45]] as const) {
        const at = new Date(Date.now() - daysAgo * DAY);
        await db.updateTable('api_keys').set({ created_at: at }).where('id', '=', keyId).execute();
        await db.updateTable('admin_audit_logs').set({ created_at: at }).where('entity_id', '=', keyId).execute();
      }
      await db.updateTable('api_keys').set({ revoked_at: new Date(Date.now() - 30 * DAY) }).where('id', '=', old.key.id).execute();
      await seedWebhook(context, owner.id, company.id);
      await seedCheckRequests(context, company);
    }
    // The plan, the webhook and the check requests were set up last week: the audit entries this
    // step wrote move there, so Recent Activity shows the week's hiring whatever the hour the demo
    // is seeded (at this step's own "now" they filled the list with one day late in a UTC day).
    await db
      .updateTable('admin_audit_logs')
      .set((eb) => ({ created_at: sql<Date>`${eb.ref('created_at')} - interval '6 days'` }))
      .where('company_id', '=', company.id)
      .where('created_at', '>=', stepStart)
      .execute();
  }
}

/** Nimbus's recruiter has asked two applicants for background checks (Billing counts them; the candidates see who asked). */
async function seedCheckRequests(context: SeedContext, company: SeededCompany): Promise<void> {
  const { db, publicUrl } = context;
  const recruiter = company.team[0];
  if (!recruiter) return;
  const applications = await db.selectFrom('job_applications').select(['id', 'candidate_id']).where('company_id', '=', company.id).where('status', 'in', ['screening', 'interview']).orderBy('created_at').orderBy('id').limit(2).execute();
  for (const application of applications) {
    const verified = new Set((await db.selectFrom('verification_checks').select('subject').where('candidate_id', '=', application.candidate_id).where('status', '=', 'verified').execute()).map((row) => row.subject));
    const subject = (['experience_letter', 'salary_slip', 'uan'] as const).find((one) => !verified.has(one));
    if (subject) await requestCheck(db, { userId: recruiter.id, companyId: company.id, ip: SEED_IP, publicUrl }, application.id, subject, new Date());
  }
}

/** Nimbus's HRMS endpoint and a week of its deliveries: delivered ones, and one the HRMS refused then took on retry. */
async function seedWebhook(context: SeedContext, ownerId: string, companyId: string): Promise<void> {
  const { db } = context;
  const { endpoint } = await createWebhook(
    db,
    { userId: ownerId, companyId, ip: SEED_IP },
    { url: 'https://hrms.nimbus-tech.example/workcred/webhooks', description: 'Keka HRMS onboarding', events: ['application.stage_changed', 'employee.hired', 'employee.relieved'] },
    { production: false, allowPrivate: true },
  );
  const applications = await db.selectFrom('job_applications').select(['id', 'job_id', 'candidate_id', 'status']).where('company_id', '=', companyId).where('status', '!=', 'received').limit(4).execute();
  const rows = applications.map((application, index) => {
    const at = new Date(Date.now() - (6 - index) * DAY);
    const refusedFirst = index === 1;
    return {
      endpoint_id: endpoint.id,
      message_id: newMessageId(),
      event_type: 'application.stage_changed',
      payload: webhookBody('application.stage_changed', { application_id: application.id, job_id: application.job_id, candidate_id: application.candidate_id, from_stage: 'received', to_stage: application.status }, at, 1),
      status: 'succeeded' as const,
      attempts: refusedFirst ? 2 : 1,
      next_attempt_at: at,
      last_attempt_at: new Date(at.getTime() + (refusedFirst ? 5_000 : 0)),
      last_status_code: 200,
      created_at: at,
    };
  });
  if (rows.length > 0) await db.insertInto('webhook_deliveries').values(rows).execute();
  await db.updateTable('webhook_endpoints').set({ created_at: new Date(Date.now() - 20 * DAY) }).where('id', '=', endpoint.id).execute();
  await db.updateTable('admin_audit_logs').set({ created_at: new Date(Date.now() - 20 * DAY) }).where('entity_id', '=', endpoint.id).execute();
}
