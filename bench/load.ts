import autocannon from 'autocannon';
import Fastify from 'fastify';

/**
 * One load run, as every bench counts it (issue 14, item 8): only 2xx answers count; a run where
 * more than 1% of answers were anything else (or failed) is marked invalid and must not be quoted.
 * Every request comes from its own address (X-Forwarded-For; the bench apps set TRUST_PROXY), so
 * per-address limits see a crowd, as they would in production, not one caller.
 */
export interface Load {
  /** 2xx answers per second. */
  rps: number;
  /** Answers that were not 2xx, and failed requests. */
  others: number;
  invalid: boolean;
  p50: number;
  p99: number;
}

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

export async function load(url: string, { connections = 50, duration = 5, headers = {} }: { connections?: number; duration?: number; headers?: Record<string, string> } = {}): Promise<Load> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress() } }) }],
  });
  const ok = result['2xx'];
  const others = result.non2xx + result.errors + result.timeouts;
  const total = ok + others;
  return { rps: Math.round(ok / duration), others, invalid: total === 0 || others / total > 0.01, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The baseline of every ratio: a bare Fastify route answering constant JSON, measured in the same run. */
export async function bareFastify(options: { connections?: number; duration?: number; warmup?: number } = {}): Promise<Load> {
  const bare = Fastify();
  bare.get('/health', async () => ({ status: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/health`;
    if (options.warmup) await load(url, { ...options, duration: options.warmup });
    return await load(url, options);
  } finally {
    await bare.close();
  }
}

/** "  1,234 req/s  ×0.123" with INVALID when the run is not to be quoted. */
export function ratioText(measured: Load, baseline: Load): string {
  const ratio = baseline.rps > 0 ? measured.rps / baseline.rps : 0;
  return `${measured.rps.toLocaleString('en-IN').padStart(8)} req/s  ×${ratio.toFixed(3)}${measured.invalid ? `  INVALID (${measured.others} non-2xx)` : ''}`;
}
