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

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
