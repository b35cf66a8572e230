import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's webhook signature: lower-case hex HMAC-SHA256 of the raw body with the webhook secret. */
export function signWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Accepts exactly what Razorpay's Node SDK accepts (`validateWebhookSignature`: the lower-case hex
 * digest, compared as a string), so an integrator testing with the SDK and our route agree: an
 * upper-case signature is refused. Compared in constant time once the lengths match.
 */
export function verifyWebhookSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
