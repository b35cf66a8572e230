import { sql, type SqlBool } from 'kysely';

/** A LIKE pattern matching the text anywhere, with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** column ILIKE pattern, with the escape character spelled out rather than left to the default. */
export function ilike(column: string, pattern: string) {
  return sql<SqlBool>`${sql.ref(column)} ILIKE ${pattern} ESCAPE '\\'`;
}
