import { sql, type Kysely, type Transaction } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import { VIEWS_LISTED_PER_SHARE, type RecordShare, type RecordSharesOverview } from '../../../shared/schemas/employment.ts';
import type { SessionContext } from '../../auth/session.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/schemas/privacy.ts';

const text = messages.employment;
const SHARES_LISTED = 100;
const iso = (value: Date | string) => new Date(value).toISOString();
type Reader = Kysely<DB> | Transaction<DB>;

/** Sharing the record is the candidate's act alone: employers and admins are refused. */
export function candidateIdOf(session: SessionContext): string {
  if (session.profile.role !== 'candidate') throw forbidden(text.candidatesOnly, 'CANDIDATES_ONLY');
  return session.userId;
}

/**
 * The candidate's shares, newest first, each with its newest views (at most VIEWS_LISTED_PER_SHARE)
 * and how many there were in all. A view names the person who looked and their company: the
 * candidate consented to a company, and sees exactly who in it used that consent.
 */
async function sharesOf(db: Reader, candidateId: string, onlyShareId?: string): Promise<RecordShare[]> {
  const shares = await db
    .selectFrom('record_shares as rs')
    .innerJoin('companies as c', 'c.id', 'rs.company_id')
    .select(['rs.id', 'rs.company_id', 'c.name as company_name', 'rs.purpose', 'rs.granted_at', 'rs.revoked_at'])
    .where('rs.candidate_id', '=', candidateId)
    .$if(onlyShareId !== undefined, (qb) => qb.where('rs.id', '=', onlyShareId as string))
    .orderBy('rs.granted_at', 'desc')
    .orderBy('rs.id')
    // Sharing and revoking over and over adds rows: the card lists the newest (page sizes capped).
    .limit(SHARES_LISTED)
    .execute();
  if (shares.length === 0) return [];

  const views = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('record_views as rv')
        .leftJoin('user_profiles as v', 'v.id', 'rv.viewer_id')
        .where(
          'rv.share_id',
          'in',
          shares.map((share) => share.id),
        )
        .select([
          'rv.share_id',
          'rv.viewed_at',
          'v.full_name',
          sql<number>`row_number() OVER (PARTITION BY rv.share_id ORDER BY rv.viewed_at DESC, rv.id DESC)`.as('rank'),
          sql<string | number>`count(*) OVER (PARTITION BY rv.share_id)`.as('total'),
        ])
        .as('x'),
    )
    .selectAll('x')
    .where('x.rank', '<=', VIEWS_LISTED_PER_SHARE)
    .orderBy('x.viewed_at', 'desc')
    .execute();

  return shares.map((share) => {
    const mine = views.filter((view) => view.share_id === share.id);
    return {
      id: share.id,
      company_id: share.company_id,
      company_name: share.company_name,
      purpose: share.purpose,
      granted_at: iso(share.granted_at),
      revoked_at: share.revoked_at === null ? null : iso(share.revoked_at),
      view_count: Number(mine[0]?.total ?? 0),
      views: mine.map((view) => ({ viewed_at: iso(view.viewed_at), viewer_name: view.full_name, company_name: share.company_name })),
    };
  });
}

/** Companies the candidate applied to (even if the job was deleted since): the only ones they may share with. */
function appliedCompanies(db: Reader, candidateId: string) {
  return db
    .selectFrom('job_applications as ja')
    .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .where('ja.candidate_id', '=', candidateId)
    .select(['c.id', 'c.name'])
    .distinct();
}

export async function myRecordShares(db: Kysely<DB>, candidateId: string): Promise<RecordSharesOverview> {
  const [shares, companies, active] = await Promise.all([
    sharesOf(db, candidateId),
    appliedCompanies(db, candidateId).orderBy('c.name').execute(),
    db.selectFrom('record_shares').select('company_id').where('candidate_id', '=', candidateId).where('revoked_at', 'is', null).execute(),
  ]);
  const sharedWith = new Set(active.map((share) => share.company_id));
  return { shares, companies: companies.map((company) => ({ id: company.id, name: company.name, shared: sharedWith.has(company.id) })) };
}

/**
 * The candidate shares their record with a company they applied to (409 otherwise, which also
 * covers an unknown company id without confirming anything). The purpose is the server's text.
 * Sharing again while a share is active answers that share (created: false): the partial unique
 * index on (candidate_id, company_id) WHERE revoked_at IS NULL decides between two tabs.
 */
export async function shareRecord(db: Kysely<DB>, candidateId: string, companyId: string, ip: string): Promise<{ share: RecordShare; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const company = await appliedCompanies(trx, candidateId).where('c.id', '=', companyId).executeTakeFirst();
    if (!company) throw conflict(text.shareNeedsApplication, 'NO_APPLICATION');

    const inserted = await trx
      .insertInto('record_shares')
      .values({ candidate_id: candidateId, company_id: companyId, purpose: text.sharePurpose.replace('{company}', company.name), notice_version: PRIVACY_NOTICE_VERSION })
      .onConflict((oc) => oc.columns(['candidate_id', 'company_id']).where('revoked_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();

    const shareId =
      inserted?.id ??
      (
        await trx
          .selectFrom('record_shares')
          .select('id')
          .where('candidate_id', '=', candidateId)
          .where('company_id', '=', companyId)
          .where('revoked_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).id;

    if (inserted) {
      await writeAudit(trx, { actorId: candidateId, companyId, action: 'record_shared', entityType: 'record_share', entityId: shareId, ip });
      await publish(trx, { topic: `company:${companyId}`, type: 'record_share', id: shareId });
      await publish(trx, { topic: `user:${candidateId}`, type: 'record_share', id: shareId });
    }
    const [share] = await sharesOf(trx, candidateId, shareId);
    if (!share) throw new Error('share vanished inside its transaction');
    return { share, created: Boolean(inserted) };
  });
}

/**
 * Stops a share: from the commit on, the company's reads answer 404. Only the candidate's own
 * share (404 otherwise); revoking a revoked share changes nothing.
 */
export async function revokeShare(db: Kysely<DB>, candidateId: string, shareId: string, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const share = await trx.selectFrom('record_shares').select(['id', 'company_id', 'revoked_at']).where('id', '=', shareId).where('candidate_id', '=', candidateId).forUpdate().executeTakeFirst();
    if (!share) throw notFound(text.shareNotFound);
    if (share.revoked_at !== null) return;
    await trx.updateTable('record_shares').set({ revoked_at: new Date() }).where('id', '=', shareId).execute();
    await writeAudit(trx, { actorId: candidateId, companyId: share.company_id, action: 'record_share_revoked', entityType: 'record_share', entityId: shareId, ip });
    await publish(trx, { topic: `company:${share.company_id}`, type: 'record_share', id: shareId });
    await publish(trx, { topic: `user:${candidateId}`, type: 'record_share', id: shareId });
  });
}
