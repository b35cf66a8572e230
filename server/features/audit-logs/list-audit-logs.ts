import type { Kysely } from 'kysely';
import type { AuditFacets, AuditLogsPage, AuditLogsQuery } from '../../../shared/schemas/admin-console.ts';
import { containsPattern, ilike } from '../../db/like-pattern.ts';
import type { DB } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC instant a calendar day (YYYY-MM-DD) begins in India (UTC+05:30, no daylight saving). */
export function startOfIndiaDay(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

/**
 * The audit log for admins: every admin and employer action, newest first, filtered by actor (a
 * user id, or part of their name or email), action, company and a range of India dates (both
 * ends included), a page at a time with the total.
 */
export async function listAuditLogs(db: Kysely<DB>, query: AuditLogsQuery): Promise<AuditLogsPage> {
  const { actor, action, company, from, to, page, page_size: pageSize } = query;
  const filtered = db
    .selectFrom('admin_audit_logs as al')
    .leftJoin('user_profiles as up', 'up.id', 'al.admin_id')
    .leftJoin('companies as c', 'c.id', 'al.company_id')
    .$if(Boolean(actor), (qb) => {
      const pattern = containsPattern(actor ?? '');
      return qb.where((eb) => eb.or([eb('al.admin_id', '=', actor ?? ''), ilike('up.email', pattern), ilike('up.full_name', pattern)]));
    })
    .$if(action !== undefined, (qb) => qb.where('al.action', '=', action!))
    .$if(company !== undefined, (qb) => qb.where('al.company_id', '=', company!))
    .$if(from !== undefined, (qb) => qb.where('al.created_at', '>=', startOfIndiaDay(from!)))
    .$if(to !== undefined, (qb) => qb.where('al.created_at', '<', new Date(startOfIndiaDay(to!).getTime() + DAY_MS)));

  const [rows, count] = await Promise.all([
    filtered
      .select([
        'al.id',
        'al.created_at',
        'al.action',
        'al.entity_type',
        'al.entity_id',
        'al.details',
        'al.ip_address',
        'al.admin_id as actor_id',
        'up.full_name as actor_name',
        'up.email as actor_email',
        'al.company_id',
        'c.name as company_name',
      ])
      .orderBy('al.created_at', 'desc')
      .orderBy('al.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return {
    entries: rows.map((row) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      details: row.details !== null && typeof row.details === 'object' && !Array.isArray(row.details) ? row.details : {},
    })),
    total,
    page,
    page_size: pageSize,
    page_count: Math.ceil(total / pageSize),
  };
}

/** What the audit log's filter dropdowns offer: the actions recorded so far and the companies with entries. */
export async function listAuditFacets(db: Kysely<DB>): Promise<AuditFacets> {
  const [actions, companies] = await Promise.all([
    db.selectFrom('admin_audit_logs').select('action').distinct().orderBy('action').limit(500).execute(),
    db
      .selectFrom('companies as c')
      .select(['c.id', 'c.name'])
      .where((eb) => eb.exists(eb.selectFrom('admin_audit_logs as al').select('al.id').whereRef('al.company_id', '=', 'c.id')))
      .orderBy('c.name')
      .limit(1000)
      .execute(),
  ]);
  return { actions: actions.map((row) => row.action), companies };
}
