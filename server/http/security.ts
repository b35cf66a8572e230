import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';
import { messages } from '../../shared/messages.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers (CSP without inline scripts, no framing, nosniff, referrer policy, HSTS in
 * production) and a CSRF defence for cookie-authenticated writes: a state-changing request whose
 * Origin is not ours, or that the browser marks as cross-site, is refused.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
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

  const ownOrigin = new URL(config.PUBLIC_URL).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && origin !== ownOrigin;
    if (fetchSite === 'cross-site' || foreignOrigin) {
      request.log.warn({ origin, fetchSite, url: request.url }, 'cross-site write refused');
      return reply.code(403).send({ code: 'CROSS_SITE', message: messages.errors.crossSite });
    }
  });
}
