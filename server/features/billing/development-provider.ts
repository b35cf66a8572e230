import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { PaymentsProvider } from './payments-provider.ts';

/**
 * Test mode, for `npm start` with no keys and for the tests: no money moves. A checkout opens our
 * own test-mode page (clearly labelled); paying there makes the Razorpay events a real payment
 * would (dev-payments.ts), signed with this secret and sent to the webhook route.
 */
export function createDevelopmentProvider(config: Config): PaymentsProvider {
  return {
    id: 'development',
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? createHmac('sha256', config.AUTH_SECRET).update('workcred development payments webhook').digest('hex'),
    async createSubscription({ checkoutId }) {
      return { subscriptionId: `sub_test_${randomBytes(9).toString('base64url')}`, payUrl: `/dashboard/billing/test-checkout/${checkoutId}` };
    },
    async changePlan() {},
    async cancelAtCycleEnd() {},
  };
}
