import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/** Secrets never reach the logs: headers carrying credentials and any body field holding one. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  'body.code',
  '*.body.code',
  '*.otp',
  '*.token',
  '*.secret',
  '*.uan',
];

/** A calendar feed's address is its secret (issue 36 §4): request lines log it without the token. */
export const redactUrl = (url: string): string => url.replace(/^\/api\/calendar\/[^/?#]+\.ics/, '/api/calendar/[redacted].ics');

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request fields, with the URL passed through redactUrl.
      req: (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
