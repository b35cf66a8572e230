import { createHash } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import type pg from 'pg';

/**
 * Statements a crowd runs (a drive's candidates consenting at once, their EPFO decisions) are
 * prepared once per connection on PostgreSQL instead of parsed and planned on every run: PostgreSQL
 * then keeps their plan (a generic one after five runs, when it costs no more than the custom ones).
 * Planning was half of the database's time in a burst of 100 consents (issue 34, Speed; ADR 0033).
 *
 * Only marked statements are prepared, so a connection holds a known, small set; any other
 * statement runs as before. The mark is a comment at the statement's end, so on PGlite (no
 * preparing) the statement is the same SQL.
 */
export const PREPARE_MARK = '/* prepared */';

/** Marks a Kysely query (select, insert, update or delete) to be prepared (see PREPARE_MARK). */
export function prepared<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(PREPARE_MARK));
}

/** A prepared statement's name: the text's hash, so the same text is the same statement on every connection. */
function preparedNameOf(text: string): string {
  return `wc_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * "cached plan must not change result type": a statement prepared before another instance's
 * migration changed a table it reads with `*`. That statement then runs unprepared on this connection.
 */
const RESULT_TYPE_CHANGED = '0A000';

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes a pool's clients prepare the marked statements: a string with parameter values that ends
 * with PREPARE_MARK goes as a named query ({ name, text, values }), which node-postgres parses once
 * per connection. Both of query's forms are kept: the promise (Kysely) and the callback (pg-pool's
 * pool.query). Install on the pool's 'connect', before anything else wraps `query`.
 */
export function prepareMarkedStatements(client: pg.ClientBase): void {
  const target = client as unknown as { query: QueryFunction };
  const query = target.query;
  const unprepared = new Set<string>();
  target.query = function preparingQuery(this: unknown, ...args: unknown[]) {
    const [text, values, callback] = args;
    const marked = typeof text === 'string' && Array.isArray(values) && text.endsWith(PREPARE_MARK) && (args.length === 2 || (args.length === 3 && typeof callback === 'function'));
    if (!marked) return query.apply(this, args);
    const name = preparedNameOf(text);
    if (unprepared.has(name)) return query.apply(this, args);
    const named = { name, text, values };
    const forget = (error: unknown) => {
      if ((error as { code?: unknown } | null)?.code === RESULT_TYPE_CHANGED) unprepared.add(name);
    };
    if (typeof callback === 'function') {
      return query.call(this, named, (error: unknown, result: unknown) => {
        if (error) forget(error);
        (callback as QueryFunction)(error, result);
      });
    }
    return (query.call(this, named) as Promise<unknown>).catch((error: unknown) => {
      forget(error);
      throw error;
    });
  };
}
