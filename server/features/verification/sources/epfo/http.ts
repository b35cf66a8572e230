import { EpfoRateLimited, EpfoRefused, EpfoUnavailable, type EpfoProviderName } from './provider.ts';

/** Both providers answer in about a second; ten gives EPFO's slow days room and still frees the worker. */
export const EPFO_TIMEOUT_MS = 10_000;
/** Surepass asks for back-off "with an initial delay of 30 seconds" when it rate-limits without saying how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** An employment history is a few kilobytes; a passbook with decades of months some hundreds. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

export interface EpfoHttpOptions {
  /** Injectable so tests prove the timeout in milliseconds, not ten seconds. */
  timeoutMs?: number;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON, read by the caller into typed facts and then dropped; never stored, never logged. */
  body: unknown;
}

/**
 * POSTs JSON to a provider and returns its status and parsed body for the caller to read. What
 * means the same for every provider is decided here:
 *   - no answer within the timeout, a network error, or an unreadable 2xx body: EpfoUnavailable;
 *   - 429: EpfoRateLimited with Retry-After (seconds or an HTTP date);
 *   - 5xx: EpfoUnavailable (with Retry-After when the provider sent one, as a 503 may);
 *   - 401/403: EpfoRefused (our credentials).
 * Other 4xx are the provider's own verdicts and are returned for its client to read.
 * Errors say which provider and what happened, never the UAN or the answer's body.
 */
export async function postJson(
  provider: EpfoProviderName,
  url: string,
  headers: Record<string, string>,
  body: object,
  options: EpfoHttpOptions & { signal?: AbortSignal | undefined },
): Promise<ProviderAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? EPFO_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
      redirect: 'error',
    });
    text = await readCapped(response);
  } catch (cause) {
    // The caller cancelling (shutdown) is not an outage: let its reason through unchanged.
    if (options.signal?.aborted) throw options.signal.reason;
    const what = timeout.aborted ? `no answer within ${options.timeoutMs ?? EPFO_TIMEOUT_MS} ms` : 'network error';
    throw Object.assign(new EpfoUnavailable(provider, `${provider}: ${what}`), { cause });
  }
  const status = response.status;
  if (status === 429) throw new EpfoRateLimited(provider, retryAfterSeconds(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_SECONDS);
  if (status >= 500) throw new EpfoUnavailable(provider, `${provider} answered HTTP ${status}`, retryAfterSeconds(response.headers.get('retry-after')));
  if (status === 401 || status === 403) throw new EpfoRefused(provider, `${provider} refused our credentials (HTTP ${status}): check the keys`);
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // A 4xx with an HTML body (a proxy's error page) is still a 4xx; a 2xx must be JSON.
    if (status < 300) throw new EpfoUnavailable(provider, `${provider} answered HTTP ${status} with a body that is not JSON`);
  }
  return { status, body: parsed };
}

async function readCapped(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_ANSWER_BYTES) throw new Error(`answer of ${declared} bytes is over the cap`);
  const buffer = await response.arrayBuffer();
  if (buffer.byteLength > MAX_ANSWER_BYTES) throw new Error(`answer of ${buffer.byteLength} bytes is over the cap`);
  return new TextDecoder().decode(buffer);
}

/** Retry-After as whole seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** An object's property when it is a plain object, so provider answers are read without casts. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}
