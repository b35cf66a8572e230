import { describe, expect, it } from 'vitest';
import { operationName, statementText } from '../../server/observability/tracing-statements.ts';

// Issue 37 §4: a statement's span holds its text, never a value in it.
describe('the statement text a span holds', () => {
  it('keeps parameters, identifiers and keywords as they are', () => {
    const text = 'select "t1"."id", "auth_users"."email" from "auth_users" as "t1" where "t1"."email" = $1 limit $2';
    expect(statementText(text)).toBe(text);
  });

  it('replaces values written into the text: strings, numbers, dollar-quoted bodies', () => {
    expect(statementText("select * from users where email = 'a.b@example.in' and age > 41 limit 10")).toBe('select * from users where email = ? and age > ? limit ?');
    expect(statementText("update t set note = 'it''s' , n = -2.5e3 where id = $1")).toBe('update t set note = ? , n = ? where id = $1');
    expect(statementText("select E'esc\\n', $tag$secret body$tag$, $$also secret$$")).toBe('select ?, ?, ?');
    expect(statementText("select now() - interval '3 days'")).toBe('select now() - interval ?');
  });

  it('cuts a very long statement', () => {
    expect(statementText(`select ${'"c", '.repeat(2000)}1`).length).toBeLessThanOrEqual(4001);
  });

  it('names the operation by its first keyword, past comments', () => {
    expect(operationName('  select 1')).toBe('SELECT');
    expect(operationName('/* kysely */ insert into t values ($1)')).toBe('INSERT');
    expect(operationName('-- why\nwith x as (select 1) select * from x')).toBe('WITH');
    expect(operationName('')).toBeUndefined();
  });
});
