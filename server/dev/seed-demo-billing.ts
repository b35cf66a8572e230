import { completeDevCheckout } from '../features/billing/dev-payments.ts';
import { createPaymentsProvider } from '../features/billing/payments-provider.ts';
import { startCheckout } from '../features/billing/subscribe.ts';
import { createApiKey, revokeApiKey } from '../features/developers/api-keys.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 15 in the demo: Nimbus pays for Professional through the test checkout (an active plan, a
 * payment and its GST invoice on Billing); Saffron is on day 11 of its trial, so its dashboard
 * shows "Trial: 3 days left". Payments are made only with the development provider. Issue 16:
 * Nimbus has an API key for its HRMS and a revoked one.
 */
export async function seedBilling(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { app, db } = context;
  const provider = createPaymentsProvider(app.config);
  for (const company of companies) {
    const owner = company.team[0];
    if (!owner) continue;
    if (company.spec.key === 'nimbus' && provider.id === 'development') {
      const checkout = await startCheckout(db, provider, { userId: owner.id, companyId: company.id, ip: SEED_IP }, { plan: 'professional' });
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
    }
  }
}
