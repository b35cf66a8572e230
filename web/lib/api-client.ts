import type { z } from 'zod';
import { liveConnection } from './live/live-connection.ts';

/** An answer from our server with an error status; `code` and `message` come from its {code, message} body. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 400 VALIDATION_FAILED: each refused field (dotted path) and why. */
    readonly issues: readonly ApiIssue[] = [],
  ) {
    super(message);
  }
}

export interface ApiIssue {
  path: string;
  message: string;
}

/** Builds the ApiError for an error answer's status and parsed JSON body (null when it had none). */
export function apiErrorFrom(status: number, statusText: string, payload: unknown): ApiError {
  const { code, message, issues } = (payload ?? {}) as { code?: unknown; message?: unknown; issues?: unknown };
  const fieldIssues = Array.isArray(issues)
    ? issues.filter((issue): issue is ApiIssue => typeof (issue as ApiIssue | null)?.path === 'string' && typeof (issue as ApiIssue).message === 'string')
    : [];
  return new ApiError(status, typeof code === 'string' ? code : `HTTP_${status}`, typeof message === 'string' ? message : statusText, fieldIssues);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when a signed-in call answers 401 or 403 MFA_REQUIRED: the session needs re-checking. */
export function onSessionRejected(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Paths that report the session themselves (a 401 there is an answer, not a lost session). */
function reportsSession(path: string): boolean {
  return path === '/api/me' || path === '/api/session' || path.startsWith('/api/auth/');
}

let sessionEnding = false;

/**
 * Sign-out under way: calls that need the session are refused here instead of being sent, since
 * the server would answer 401 once the session is gone and the browser logs every such answer.
 */
export function setSessionEnding(ending: boolean): void {
  sessionEnding = ending;
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/**
 * Same-origin call to our server, answering the response when it is ok (a JSON body, or a file or
 * an image read by the caller). Throws ApiError for error answers (with the server's code and
 * message), telling the session's listeners when the session was refused, and lets network
 * failures through as they are (TypeError), so callers can tell a known refusal from an unexpected
 * failure.
 */
export async function apiResponse(path: string, { method = 'GET', body, signal }: Omit<RequestOptions<unknown>, 'schema'> = {}): Promise<Response> {
  if (sessionEnding && !reportsSession(path)) throw new ApiError(401, 'SIGNING_OUT', 'Signing out');
  // A change carries the page's live socket, so the events it raises come back marked as this page's own.
  const socketId = method === 'GET' ? undefined : liveConnection.socketId;
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(socketId ? { 'x-live-socket': socketId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (response.ok) return response;
  const error = apiErrorFrom(response.status, response.statusText, await response.json().catch(() => null));
  const sessionRejected = response.status === 401 || (response.status === 403 && error.code === 'MFA_REQUIRED');
  // /api/me, /api/session and /api/auth/* report the session themselves; any other 401 means it ended.
  if (sessionRejected && !reportsSession(path)) {
    for (const listener of unauthorizedListeners) listener(path);
  }
  throw error;
}

/** Same-origin JSON call to our server (apiResponse), its body parsed and, with a schema, checked. */
export async function api<T = unknown>(path: string, { schema, ...options }: RequestOptions<T> = {}): Promise<T> {
  const response = await apiResponse(path, options);
  const payload: unknown = await response.json().catch(() => null);
  return schema ? schema.parse(payload) : (payload as T);
}

/** The text to show for a failed call: the server's message for a refusal, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback;
}
