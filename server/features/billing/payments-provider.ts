import type { SelfServePlanId } from '../../../shared/plans.ts';
import type { PaymentProviderId } from '../../db/schema-billing.ts';

export interface NewSubscription {
  checkoutId: string;
  companyId: string;
  plan: SelfServePlanId;
  checksAddOn: boolean;
  customer: { name: string; email: string };
  /** When the paid period and its first charge start (the trial's or a cancelled period's end); null: at once. */
  startAt: Date | null;
}

/**
 * What Billing needs from a payments provider (issue 15). Both speak Razorpay's webhook events:
 * the real client receives them from Razorpay; the development provider makes them itself, signed
 * the same way, and hands them to the same webhook route, so both paths are one path. The factory
 * is create-payments-provider.ts: the providers import this interface, so it imports neither.
 */
export interface PaymentsProvider {
  id: PaymentProviderId;
  /** Creates the subscription and says where the payer goes to pay its first charge (or, starting later, to set up the mandate). */
  createSubscription(input: NewSubscription): Promise<{ subscriptionId: string; payUrl: string }>;
  /** Moves a subscription to another plan (with or without the checks add-on), now (prorated) or when the period ends. */
  changePlan(subscriptionId: string, plan: SelfServePlanId, when: 'now' | 'cycle_end', checksAddOn: boolean): Promise<void>;
  /** Cancels when the period paid for ends. */
  cancelAtCycleEnd(subscriptionId: string): Promise<void>;
  /** The secret webhook bodies are signed with (HMAC-SHA256, hex, X-Razorpay-Signature). */
  webhookSecret: string;
}
