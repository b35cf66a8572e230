import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The header the id comes in on (from a load balancer) and goes out on (every answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may be: short and plain, so it is safe in a log line, a header and a body. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Error answers larger than this are sent as they are (none of ours is near it). */
const MAX_ERROR_BODY = 64 * 1024;

/**
 * The request id (issue 37 §4): the load balancer's `x-request-id` when the proxy is trusted and
 * the id is a safe token, else a fresh UUID. Fastify puts it on every log line of the request
 * (`reqId`, its child logger) and on `request.id`.
 */
export function requestIdOptions(trustProxy: boolean): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    // Read by genReqId below, which checks it; Fastify's own reading would take any value.
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      if (trustProxy) {
        const incoming = request.headers[REQUEST_ID_HEADER];
        if (typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
      }
      return randomUUID();
    },
  };
}

/**
 * Every answer carries the id in `x-request-id`; every JSON error answer (4xx too) carries it in
 * its body as `requestId`, or `request_id` in the public API's problem+json, for the caller to
 * quote. Registered before any route, and before compression (whose hook comes later).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (reply.statusCode < 400 || typeof payload !== 'string' || payload.length > MAX_ERROR_BODY || !payload.startsWith('{')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    const problem = type.startsWith('application/problem+json');
    if (!problem && !type.startsWith('application/json')) return done(null, payload);
    done(null, withRequestId(payload, problem ? 'request_id' : 'requestId', request.id));
  });
}

/** The JSON object text with the id added under `key`, unless it has one already (or is not an object). */
export function withRequestId(payload: string, key: 'requestId' | 'request_id', id: string): string {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'requestId' in body || 'request_id' in body) return payload;
  return JSON.stringify({ ...body, [key]: id });
}
