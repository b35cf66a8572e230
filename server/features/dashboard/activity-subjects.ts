import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { DB } from '../../db/schema.ts';

/** An audit entry of the company, as Recent Activity reads it. */
export interface ActivityRow {
  entity_type: string;
  entity_id: string | null;
  details: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Kinds whose ids are the accounts' text ids (not UUIDs): any short id is looked up, as text. */
const TEXT_IDS = new Set(['user', 'candidate']);
const lookable = (type: string, id: string) => (TEXT_IDS.has(type) ? id.length <= 64 : UUID.test(id));
type Names = Map<string, string>;
type Lookup = (db: Kysely<DB>, companyId: string, ids: string[]) => Promise<Names>;

const toMap = (rows: { id: string; subject: string | null }[]): Names => new Map(rows.flatMap((row) => (row.subject ? [[row.id, row.subject] as const] : [])));
const applicant = (rows: { id: string; full_name: string | null; email: string; title: string }[]): Names =>
  new Map(rows.map((row) => [row.id, fill(messages.dashboardOverview.activityApplicant, { name: row.full_name || row.email, job: row.title })]));

/**
 * What each kind of entry is about, read from the company's own rows only (every lookup is scoped
 * by company_id), so an entry never names anything of another company.
 */
const LOOKUPS: Record<string, Lookup> = {
  job_posting: async (db, companyId, ids) =>
    toMap(await db.selectFrom('job_postings').select(['id', 'title as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  job_application: async (db, companyId, ids) =>
    applicant(
      await db
        .selectFrom('job_applications as a')
        .innerJoin('job_postings as j', 'j.id', 'a.job_id')
        .innerJoin('user_profiles as p', 'p.id', 'a.candidate_id')
        .select(['a.id', 'p.full_name', 'p.email', 'j.title'])
        .where('a.company_id', '=', companyId)
        .where('a.id', 'in', ids)
        .execute(),
    ),
  // The interview's application, named as an application is.
  interview: async (db, companyId, ids) => {
    const rows = await db.selectFrom('interviews').select(['id', 'application_id']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
    const names = rows.length > 0 ? await LOOKUPS.job_application!(db, companyId, [...new Set(rows.map((row) => row.application_id))]) : new Map<string, string>();
    return new Map(rows.flatMap((row) => (names.has(row.application_id) ? [[row.id, names.get(row.application_id)!] as const] : [])));
  },
  // A candidate tagged (or checked): named only when they applied to one of the company's jobs.
  candidate: async (db, companyId, ids) =>
    toMap(
      (
        await db
          .selectFrom('job_applications as a')
          .innerJoin('user_profiles as p', 'p.id', 'a.candidate_id')
          .select(['p.id', 'p.full_name', 'p.email'])
          .distinct()
          .where('a.company_id', '=', companyId)
          .where('p.id', 'in', ids)
          .execute()
      ).map((row) => ({ id: row.id, subject: row.full_name || row.email })),
    ),
  company: async (db, companyId, ids) => toMap(await db.selectFrom('companies').select(['id', 'name as subject']).where('id', '=', companyId).where('id', 'in', ids).execute()),
  user: async (db, companyId, ids) =>
    toMap(
      (await db.selectFrom('user_profiles').select(['id', 'full_name', 'email']).where('company_id', '=', companyId).where('id', 'in', ids).execute()).map((row) => ({
        id: row.id,
        subject: row.full_name || row.email,
      })),
    ),
  company_invite: async (db, companyId, ids) => toMap(await db.selectFrom('company_invites').select(['id', 'email as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  recruitment_drive: async (db, companyId, ids) =>
    toMap(await db.selectFrom('recruitment_drives').select(['id', 'name as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  employment: async (db, companyId, ids) => toMap(await db.selectFrom('employments').select(['id', 'title as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  letter: async (db, companyId, ids) => toMap(await db.selectFrom('letters').select(['id', 'recipient_name as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  api_key: async (db, companyId, ids) => toMap(await db.selectFrom('api_keys').select(['id', 'name as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
  webhook_endpoint: async (db, companyId, ids) => toMap(await db.selectFrom('webhook_endpoints').select(['id', 'url as subject']).where('company_id', '=', companyId).where('id', 'in', ids).execute()),
};

/** A name the company's own action wrote into the entry (a removed member's name, an invite's email), when the row is gone. */
function fromDetails(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const { name, email, title } = details as Record<string, unknown>;
  const found = [name, title, email].find((value) => typeof value === 'string' && value.trim() !== '');
  return typeof found === 'string' ? found : null;
}

/**
 * The subject of each entry ("Backend Engineer (Go)", "Rohan Gupta for Robotics Engineer"), in
 * order, or null when there is none to name: "job created · job posting" said nothing of which job
 * (issue 33 C5). One query per kind of entry present, over the 10 entries shown.
 */
export async function activitySubjects(db: Kysely<DB>, companyId: string, rows: readonly ActivityRow[]): Promise<(string | null)[]> {
  const idsByType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.entity_id || !(row.entity_type in LOOKUPS) || !lookable(row.entity_type, row.entity_id)) continue;
    const ids = idsByType.get(row.entity_type) ?? new Set<string>();
    ids.add(row.entity_id);
    idsByType.set(row.entity_type, ids);
  }
  const found = new Map(await Promise.all([...idsByType].map(async ([type, ids]) => [type, await LOOKUPS[type]!(db, companyId, [...ids])] as const)));
  return rows.map((row) => (row.entity_id ? found.get(row.entity_type)?.get(row.entity_id) : undefined) ?? fromDetails(row.details));
}
