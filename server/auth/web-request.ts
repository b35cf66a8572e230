import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * Headers for a Fetch-API request to better-auth. The client IP header is always overwritten with
 * the address Fastify trusts (request.ip honours TRUST_PROXY), so a caller cannot pick its own
 * rate-limit bucket by sending the header.
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER) continue;
    headers.append(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
