import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { fill } from '../../../shared/fill.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { DigilockerError, DigilockerRateLimited, DigilockerRefused, DigilockerUnauthorized, DigilockerUnavailable } from '../verification/sources/digilocker/provider.ts';

const text = messages.digilocker;

/** DigiLocker's failures as the candidate is told them; anything else is a bug and goes on as it is. */
export function providerFailure(error: unknown, log: FastifyBaseLogger): unknown {
  if (!(error instanceof DigilockerError)) return error;
  if (error instanceof DigilockerUnauthorized) return conflict(text.notConnected, 'DIGILOCKER_NOT_CONNECTED');
  if (error instanceof DigilockerRateLimited) return Object.assign(new AppError(429, 'DIGILOCKER_RATE_LIMITED', fill(text.rateLimited, { seconds: error.retryAfterSeconds })), { retryAfterSeconds: error.retryAfterSeconds });
  if (error instanceof DigilockerRefused) log.error({ err: error }, 'DigiLocker refused our request: check the DIGILOCKER_* settings');
  else log.warn({ err: error, retryAfter: error instanceof DigilockerUnavailable ? error.retryAfterSeconds : null }, 'DigiLocker could not answer');
  return new AppError(503, 'DIGILOCKER_UNAVAILABLE', text.unavailable);
}
