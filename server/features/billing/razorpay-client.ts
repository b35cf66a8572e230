import type { SelfServePlanId } from '../../../shared/plans.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentsProvider } from './payments-provider.ts';

/** Razorpay's answers we read (https://razorpay.com/docs/api/payments/subscriptions/). */
interface RazorpaySubscription {
  id: string;
  status: string;
  short_url?: string | null;
}

/** Months a subscription runs before Razorpay asks for a new mandate: ten years of monthly charges. */
const TOTAL_COUNT = 120;
const TIMEOUT_MS = 10_000;

/**
 * Razorpay Subscriptions over its REST API, with the key id and secret as HTTP Basic credentials.
 * The first payment is made on the subscription's hosted page (short_url), which runs Razorpay
 * Checkout and sets up the mandate for the monthly charges; what happens next arrives by webhook.
 */
export function createRazorpayProvider(config: Config): PaymentsProvider {
  const base = config.RAZORPAY_API_URL.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  const planIds: Record<SelfServePlanId, string> = { starter: config.RAZORPAY_PLAN_STARTER ?? '', professional: config.RAZORPAY_PLAN_PROFESSIONAL ?? '' };
  // Razorpay's subscription add-ons are one-time charges on the next invoice, so the monthly
  // add-on is a plan of its own (Starter's price plus the add-on's), switched to by PATCH.
  const planIdOf = (plan: SelfServePlanId, checksAddOn: boolean) => (checksAddOn && plan === 'starter' ? (config.RAZORPAY_PLAN_STARTER_CHECKS ?? '') : planIds[plan]);

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw Object.assign(new AppError(502, 'PAYMENTS_UNAVAILABLE', 'Payments are not reachable right now. Nothing was charged; please try again in a few minutes.'), { cause });
    }
    const json = (await response.json().catch(() => ({}))) as T & { error?: { description?: string } };
    if (!response.ok) {
      const description = json.error?.description ?? `HTTP ${response.status}`;
      throw new AppError(502, 'PAYMENTS_REFUSED', `Razorpay refused the request: ${description}`);
    }
    return json;
  }

  return {
    id: 'razorpay',
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? '',
    async createSubscription({ checkoutId, companyId, plan, checksAddOn, customer, startAt }) {
      const subscription = await call<RazorpaySubscription>('POST', '/subscriptions', {
        plan_id: planIdOf(plan, checksAddOn),
        total_count: TOTAL_COUNT,
        quantity: 1,
        customer_notify: 1,
        // A future start: the payer only authorises the mandate now (Razorpay's ₹5, refunded) and
        // the first charge is made at start_at (https://razorpay.com/docs/payments/subscriptions/workflow).
        ...(startAt ? { start_at: Math.floor(startAt.getTime() / 1000) } : {}),
        notes: { company_id: companyId, checkout_id: checkoutId, plan, checks_add_on: checksAddOn ? 'yes' : 'no', customer_email: customer.email, customer_name: customer.name },
      });
      if (!subscription.short_url) throw new AppError(502, 'PAYMENTS_REFUSED', 'Razorpay did not return a payment page for the subscription.');
      return { subscriptionId: subscription.id, payUrl: subscription.short_url };
    },
    async changePlan(subscriptionId, plan, when, checksAddOn) {
      await call<RazorpaySubscription>('PATCH', `/subscriptions/${encodeURIComponent(subscriptionId)}`, { plan_id: planIdOf(plan, checksAddOn), schedule_change_at: when, customer_notify: 1 });
    },
    async cancelAtCycleEnd(subscriptionId) {
      await call<RazorpaySubscription>('POST', `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, { cancel_at_cycle_end: 1 });
    },
  };
}
