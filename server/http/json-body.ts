import type { FastifyInstance } from 'fastify';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import { JOB_LIMITS } from '../../shared/schemas/jobs.ts';
import { AppError } from './errors.ts';

/**
 * JSON bodies (issue 33 A5): at most 100 KB unless a route asks for more (its `bodyLimit`), and
 * nested at most 32 levels. No body we take nests deeper than 5; better-auth's none at all.
 */
export const JSON_BODY_LIMITS = { bytes: 100 * 1024, depth: 32 } as const;

/**
 * A job's texts at their longest (about 40,600 characters, up to 3 bytes each in UTF-8), with room
 * for the rest: the one JSON body that outgrows the default (job create and update, both APIs).
 */
export const JOB_BODY_BYTES = Object.values(JOB_LIMITS).reduce((sum, max) => sum + max, 0) * 3 + 16 * 1024;

/**
 * True when the JSON text nests arrays and objects deeper than `limit`, counted on the raw text
 * (brackets outside strings), so a hostile body is refused before anything recurses over it: the
 * parse itself copes, but re-serialising it (the better-auth bridge, the old compare route)
 * overflowed the stack and answered 500.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  // Each level needs at least one character: a shorter text cannot be deeper.
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (prototype poisoning refused as before)
 * behind the depth check. On the root instance, before any route, so every route inherits it,
 * the better-auth bridge (/api/auth/*) included.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMITS.bytes }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, JSON_BODY_LIMITS.depth)) {
      done(new AppError(400, 'JSON_TOO_DEEP', fill(messages.errors.jsonTooDeep, { max: JSON_BODY_LIMITS.depth })), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
