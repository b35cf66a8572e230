import { z } from 'zod';
import { EMPLOYER_JOBS_INVALID_CURSOR, employerJobsQuerySchema } from '../../../shared/schemas/jobs.ts';

/**
 * Where the next page of a company's jobs starts: the last job's created_at and id (the list is
 * ordered created_at DESC, id DESC; id breaks ties). created_at is kept to the microsecond, as
 * PostgreSQL stores it: a millisecond ISO string would skip jobs created within the same
 * millisecond as the last one on the page. Clients see base64url of JSON and never look inside.
 */
export interface JobCursor {
  createdAt: string;
  id: string;
}

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeJobCursor(cursor: JobCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor inside `value`, or null for anything we did not hand out (garbage, a tampered or impossible value). */
export function decodeJobCursor(value: string): JobCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !isUtcTimestamp(createdAt) || !UUID.test(id)) return null;
  return { createdAt, id };
}

/** A real UTC instant written as ISO 8601 with up to six decimals (2026-02-30 and year 0 are refused, as PostgreSQL would). */
function isUtcTimestamp(value: string): boolean {
  const match = UTC_TIMESTAMP.exec(value);
  if (!match?.[1]) return false;
  const date = new Date(`${match[1]}Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().slice(0, 19) === match[1];
}

/** A ?cursor= decoded (a time and an id), so a malformed one is refused like a bad limit. */
export const decodedCursorField = employerJobsQuerySchema.shape.cursor.transform((value, ctx) => {
  if (value === undefined) return undefined;
  const cursor = decodeJobCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: EMPLOYER_JOBS_INVALID_CURSOR });
    return z.NEVER;
  }
  return cursor;
});

/** The route's query: the shared schema, with the cursor decoded. */
export const employerJobsQueryWithCursorSchema = employerJobsQuerySchema.extend({ cursor: decodedCursorField });
