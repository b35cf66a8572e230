import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { deliveryTarget, pinnedLookup, type ResolveAll } from './url-policy.ts';

/** A receiver has this long to answer; a slow one is a failed attempt, retried later. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** What is kept of a receiver's answer in the delivery log. */
const RESPONSE_KEPT = 500;

/**
 * The Standard Webhooks headers for one attempt: webhook-id, webhook-timestamp (seconds) and
 * webhook-signature, v1 HMAC-SHA256 of `id.timestamp.body` with each secret in use (the new one
 * and, for 24 hours after a rotation, the old one), space-separated.
 */
export function signatureHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const seconds = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(seconds.getTime() / 1000),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(messageId, seconds, body)).join(' '),
  };
}

export interface SendResult {
  status: number;
  body: string;
}

/**
 * POSTs the body to the address deliveryTarget checked (rejecting with AddressRefusedError, before
 * any connection, where that address is refused); resolves with the status and the start of the
 * answer, rejects on a network error or timeout.
 */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, allowPrivate: boolean, resolveAll?: ResolveAll): Promise<SendResult> {
  const target = new URL(url);
  const pinned = await deliveryTarget(target, allowPrivate, resolveAll);
  return new Promise((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'WorkCred-Webhooks/1.0', 'content-length': Buffer.byteLength(body), ...headers },
        // The Host header and TLS name stay the URL's; the connection goes to the checked address.
        lookup: pinnedLookup(pinned) as never,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (kept.length < RESPONSE_KEPT) kept += chunk.slice(0, RESPONSE_KEPT - kept.length);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: kept }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
