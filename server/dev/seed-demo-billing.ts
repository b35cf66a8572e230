import { completeDevCheckout } from '../features/billing/dev-payments.ts';
import { createPaymentsProvider } from '../features/billing/payments-provider.ts';
import { startCheckout } from '../features/billing/subscribe.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 15 in the demo: Nimbus pays for Professional through the test checkout (an active plan, a
 * payment and its GST invoice on Billing); Saffron is on day 11 of its trial, so its dashboard
 * shows "Trial: 3 days left". Payments are made only with the development provider.
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
  }
}
