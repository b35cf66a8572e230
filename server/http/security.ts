import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { messages } from '../../shared/messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers (CSP without inline scripts, no framing, nosniff, referrer policy, HSTS in
 * production) and a CSRF defence for cookie-authenticated writes: a state-changing request whose
 * Origin is not ours, or that the browser marks as cross-site, is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const apiHeaders = apiSecurityHeaders(headers);
  const ownOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', (request, reply, done) => {
    // The same headers on every answer, worked out once (helmet would rebuild the policy per request).
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && origin !== ownOrigin;
    if (fetchSite === 'cross-site' || foreignOrigin) {
      request.log.warn({ origin, fetchSite, url: request.url }, 'cross-site write refused');
      reply.code(403).send({ code: 'CROSS_SITE', message: messages.errors.crossSite });
      return;
    }
    done();
  });
}

/**
 * What a JSON answer needs (OWASP's REST Security Cheat Sheet): it is never a page, so nothing may
 * load from it or frame it, it is never sniffed as another type, and other sites may not embed it.
 * A route that serves a document inline sets its own policy (the sandboxed PDF viewer). Fewer and
 * shorter headers on every API answer: the page set cost a fifth of a small answer's time (issue 14).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** The headers helmet sets for these options, collected once: none of ours depends on the request. */
function securityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
