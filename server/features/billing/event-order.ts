import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PaymentProviderId, SubscriptionStatus } from '../../db/schema-billing.ts';

/**
 * Why an event must not change its subscription's state, or null. Razorpay does not promise
 * order, and an old signed body can be sent again: an event older than the latest one applied to
 * its subscription is stale, and nothing moves a subscription after its cancellation (Razorpay:
 * "once cancelled, you cannot renew or reactivate it"). Events of the same second are applied as
 * they arrive: Razorpay sends activated and charged together. Called under the company's
 * subscription row lock, so the latest applied event is settled.
 */
export async function staleReason(
  trx: Transaction<DB>,
  input: { provider: PaymentProviderId; subscriptionId: string; occurredAt: Date; held: { status: SubscriptionStatus; provider_subscription_id: string | null } },
): Promise<string | null> {
  if (input.held.status === 'cancelled' && input.held.provider_subscription_id === input.subscriptionId) return 'the subscription is cancelled';
  const latest = await trx
    .selectFrom('billing_events')
    .select('occurred_at')
    .where('provider', '=', input.provider)
    .where('provider_subscription_id', '=', input.subscriptionId)
    .where('outcome', '=', 'applied')
    .where('occurred_at', 'is not', null)
    .orderBy('occurred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.occurred_at && input.occurredAt.getTime() < new Date(latest.occurred_at).getTime()) return 'older than an event already applied';
  return null;
}
