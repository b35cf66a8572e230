import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SelfServePlanId } from '../../../shared/plans.ts';
import type { Config } from '../../config.ts';
import type { PaymentProviderId } from '../../db/schema-billing.ts';
import { createDevelopmentProvider } from './development-provider.ts';
import { createRazorpayProvider } from './razorpay-client.ts';

export interface NewSubscription {
  checkoutId: string;
  companyId: string;
  plan: SelfServePlanId;
  checksAddOn: boolean;
  customer: { name: string; email: string };
}

/**
 * What Billing needs from a payments provider (issue 15). Both speak Razorpay's webhook events:
 * the real client receives them from Razorpay; the development provider makes them itself, signed
 * the same way, and hands them to the same webhook route, so both paths are one path.
 */
export interface PaymentsProvider {
  id: PaymentProviderId;
  /** Creates the subscription and says where the payer goes to pay its first charge. */
  createSubscription(input: NewSubscription): Promise<{ subscriptionId: string; payUrl: string }>;
  /** Moves a subscription to another plan (with or without the checks add-on), now (prorated) or when the period ends. */
  changePlan(subscriptionId: string, plan: SelfServePlanId, when: 'now' | 'cycle_end', checksAddOn: boolean): Promise<void>;
  /** Cancels when the period paid for ends. */
  cancelAtCycleEnd(subscriptionId: string): Promise<void>;
  /** The secret webhook bodies are signed with (HMAC-SHA256, hex, X-Razorpay-Signature). */
  webhookSecret: string;
}

/** Razorpay's webhook signature: hex HMAC-SHA256 of the raw body with the webhook secret. */
export function signWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Compares in constant time; a missing or malformed signature is simply wrong. */
export function verifyWebhookSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

export function createPaymentsProvider(config: Config): PaymentsProvider {
  return config.PAYMENTS_PROVIDER === 'razorpay' ? createRazorpayProvider(config) : createDevelopmentProvider(config);
}
