import { SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import type { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_QUERY_TEXT, ATTR_DB_SYSTEM_NAME, ATTR_ERROR_TYPE, DB_SYSTEM_NAME_VALUE_POSTGRESQL } from '@opentelemetry/semantic-conventions';
import type pg from 'pg';

interface Deps {
  tracer: Tracer;
  contextManager: AsyncLocalStorageContextManager;
}

/** Longer statements are cut here: a span is not the place for a whole migration. */
const MAX_STATEMENT_CHARS = 4000;

/**
 * The statement as a span may show it: its text without any value. Kysely and better-auth send
 * values as parameters ($1), and those are never read here; a value written into the text itself
 * (a string or number literal, a dollar-quoted body) becomes `?`.
 */
export function statementText(text: string): string {
  const redacted = text
    .replace(/\$([A-Za-z_][A-Za-z0-9_]*)?\$[\s\S]*?\$\1\$/g, '?')
    .replace(/[EeBbXxUu]?'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$."])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w"])/g, '?');
  return redacted.length > MAX_STATEMENT_CHARS ? `${redacted.slice(0, MAX_STATEMENT_CHARS)}…` : redacted;
}

/** The statement's first keyword (SELECT, INSERT, BEGIN, WITH…), upper-cased. */
export function operationName(text: string): string | undefined {
  return /^\s*(?:\/\*[\s\S]*?\*\/\s*|--[^\n]*\n\s*)*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
}

/** The table a simple statement reads or writes, for the span's name. */
function targetOf(operation: string | undefined, text: string): string | undefined {
  const pattern = operation === 'INSERT' ? /^\s*insert\s+into\s+"?([\w.]+)"?/i : operation === 'UPDATE' ? /^\s*update\s+"?([\w.]+)"?/i : operation === 'DELETE' ? /^\s*delete\s+from\s+"?([\w.]+)"?/i : operation === 'SELECT' ? /\bfrom\s+"?([\w.]+)"?/i : undefined;
  return pattern?.exec(text)?.[1];
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Statements run on the pool's clients while a traced request is the active context become its
 * child spans. Kysely and better-auth share the pool (server/db/database.ts), and pool.query checks
 * out a client too, so wrapping each client's query when it is checked out sees them all. Outside
 * a traced request (the workers' polls) nothing is recorded. `role` says which server the pool
 * reaches (the read replica's pool is traced too). Returns a function that stops it.
 */
export function traceStatements(pool: pg.Pool, { tracer, contextManager }: Deps, role: 'primary' | 'replica' = 'primary'): () => void {
  let on = true;
  const wrapped = new WeakSet<object>();

  const startSpan = (statement: unknown): Span | undefined => {
    if (!on) return undefined;
    const parent = contextManager.active();
    if (!trace.getSpan(parent)?.isRecording()) return undefined;
    const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
    // A submittable (a cursor) is read in parts, by events: not timed here.
    if (typeof text !== 'string' || typeof (statement as { submit?: unknown }).submit === 'function') return undefined;
    const operation = operationName(text);
    const target = targetOf(operation, text);
    return tracer.startSpan(
      operation ? (target ? `${operation} ${target}` : operation) : DB_SYSTEM_NAME_VALUE_POSTGRESQL,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_QUERY_TEXT]: statementText(text),
          // Which server answered: the primary, or the read replica (anonymous public reads).
          'workcred.db.role': role,
          ...(operation ? { [ATTR_DB_OPERATION_NAME]: operation } : {}),
        },
      },
      parent,
    );
  };

  const finish = (span: Span, error?: unknown) => {
    if (error) {
      // The SQLSTATE only: an error's message may quote a value ("Key (email)=(…) already exists").
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
      span.setAttribute(ATTR_ERROR_TYPE, typeof code === 'string' ? code : error instanceof Error ? error.name : 'error');
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };

  const instrument = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    // pg's query has many overloads; the wrapper passes every argument through untouched.
    const target = client as unknown as { query: QueryFunction };
    const query = target.query;
    target.query = function tracedQuery(this: unknown, ...args: unknown[]) {
      const span = startSpan(args[0]);
      if (!span) return query.apply(this, args);
      let ended = false;
      const close = (error?: unknown) => {
        if (ended) return;
        ended = true;
        finish(span, error);
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          close(error);
          (callback as QueryFunction)(error, result);
        };
      }
      let result: unknown;
      try {
        result = query.apply(this, args);
      } catch (error) {
        close(error);
        throw error;
      }
      const then = (result as { then?: unknown } | undefined)?.then;
      if (typeof then === 'function') {
        (then as (resolve: () => void, reject: (error: unknown) => void) => unknown).call(
          result,
          () => close(),
          (error: unknown) => close(error),
        );
      }
      return result;
    };
  };

  pool.on('acquire', instrument);
  return () => {
    on = false;
    pool.off('acquire', instrument);
  };
}
