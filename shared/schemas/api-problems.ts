/**
 * The public API's problem types (RFC 9457), one list for the server and the documentation page:
 * every `type` the API answers is `<PUBLIC_URL>/developers#problem-<slug>` for a slug listed here,
 * so each one resolves to its explanation (issue 33 C1). A code without an entry of its own (a
 * rule of one feature, such as JOB_CLOSED) is typed by its status; its `title` still names it.
 */
export interface ApiProblem {
  slug: string;
  status: number;
  meaning: string;
}

export const API_PROBLEMS: readonly ApiProblem[] = [
  { slug: 'bad-request', status: 400, meaning: 'The request breaks a rule of the endpoint that is not about one field; the detail says which.' },
  { slug: 'invalid-json', status: 400, meaning: 'The body is not valid JSON (or is empty while Content-Type says application/json).' },
  { slug: 'json-too-deep', status: 400, meaning: 'The body nests arrays and objects more than 32 levels deep.' },
  { slug: 'idempotency-key-invalid', status: 400, meaning: 'The Idempotency-Key header is empty, longer than 255 characters or not printable ASCII.' },
  { slug: 'unauthorized', status: 401, meaning: 'No key, or a key that is unknown, revoked or expired.' },
  { slug: 'forbidden', status: 403, meaning: 'The key’s company may not do this; the detail says why.' },
  { slug: 'missing-scope', status: 403, meaning: 'The key lacks the scope the endpoint needs; the detail names it.' },
  { slug: 'key-creator-gone', status: 403, meaning: 'The person who created the key has left the company: the key still reads, but changes need a new key.' },
  { slug: 'not-found', status: 404, meaning: 'No endpoint at this path, or nothing with that id in your company.' },
  { slug: 'method-not-allowed', status: 405, meaning: 'The path exists but not with this method; the Allow header lists the methods it takes.' },
  { slug: 'conflict', status: 409, meaning: 'The change does not fit the current state (for example, a plan limit or a closed job); the title names the rule and the detail says why.' },
  { slug: 'interview-conflict', status: 409, meaning: 'An interviewer is busy then; conflicts lists them. Send again with allow_conflicts: true to go ahead.' },
  { slug: 'idempotency-in-progress', status: 409, meaning: 'A request with this Idempotency-Key is still running; retry in a few seconds.' },
  { slug: 'too-large', status: 413, meaning: 'The body is larger than the endpoint takes (100 KB; a job up to its fields’ limits).' },
  { slug: 'unsupported-media-type', status: 415, meaning: 'The body is not application/json.' },
  { slug: 'validation-failed', status: 422, meaning: 'The input breaks a rule; errors lists each field (a JSON pointer) with its message.' },
  { slug: 'idempotency-key-reused', status: 422, meaning: 'This Idempotency-Key was used with a different request; use a new key for a new request.' },
  { slug: 'too-many-requests', status: 429, meaning: 'The key spent its budget; wait for the seconds in Retry-After.' },
  { slug: 'internal', status: 500, meaning: 'Our fault. Quote request_id to support.' },
  { slug: 'unavailable', status: 503, meaning: 'The service is briefly unavailable (for example, the database is restarting); retry after Retry-After seconds.' },
];

const BY_SLUG = new Map(API_PROBLEMS.map((problem) => [problem.slug, problem]));
const BY_STATUS: Record<number, string> = { 400: 'bad-request', 401: 'unauthorized', 403: 'forbidden', 404: 'not-found', 405: 'method-not-allowed', 409: 'conflict', 413: 'too-large', 415: 'unsupported-media-type', 422: 'validation-failed', 429: 'too-many-requests', 503: 'unavailable' };

/** The documented problem type of an error code answered with a status. */
export function problemSlug(code: string, status: number): string {
  const own = code.toLowerCase().replace(/_/g, '-');
  if (BY_SLUG.get(own)?.status === status) return own;
  return BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad-request');
}
