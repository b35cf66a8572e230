import type { Kysely } from 'kysely';
import type { BillingProfile, CandidateEmailSettings } from '../../../shared/schemas/company-settings.ts';
import { CANDIDATE_EMAIL_STAGES } from '../../../shared/schemas/pipeline.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import type { CompanyActor } from './company-profile.ts';

type BillingValues = Omit<BillingProfile, 'updated_at'>;

export async function getBillingProfile(db: Kysely<DB>, companyId: string): Promise<BillingProfile | null> {
  const row = await db
    .selectFrom('company_billing_profiles')
    .select(['legal_name', 'gstin', 'address_line1', 'address_line2', 'city', 'state', 'pincode', 'updated_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? { ...row, state: row.state as BillingProfile['state'], updated_at: new Date(row.updated_at).toISOString() } : null;
}

/** Settings → Billing profile (owners): who invoices are made out to; one row per company, audited. */
export async function saveBillingProfile(db: Kysely<DB>, actor: CompanyActor, input: { legal_name: string; gstin?: string | null | undefined; address_line1: string; address_line2?: string | null | undefined; city: string; state: BillingValues['state']; pincode: string }) {
  const values = { ...input, gstin: input.gstin ?? null, address_line2: input.address_line2 ?? null };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('company_billing_profiles')
      .values({ company_id: actor.companyId, ...values, updated_by: actor.userId, updated_at: new Date() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_by: actor.userId, updated_at: new Date() }))
      .execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'billing_profile_updated', entityType: 'company', entityId: actor.companyId, details: { gstin: values.gstin, state: values.state }, ip: actor.ip });
  });
  return getBillingProfile(db, actor.companyId);
}

export async function getCandidateEmailSettings(db: Kysely<DB>, companyId: string): Promise<CandidateEmailSettings> {
  const row = await db.selectFrom('companies').select(['stage_emails_off', 'reply_to_email']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const off = new Set(row.stage_emails_off);
  return { stages: Object.fromEntries(CANDIDATE_EMAIL_STAGES.map((stage) => [stage, !off.has(stage)])) as CandidateEmailSettings['stages'], reply_to: row.reply_to_email };
}

/** Settings → Candidate emails: which stage emails go out, and the reply-to address. */
export async function saveCandidateEmailSettings(db: Kysely<DB>, actor: CompanyActor, input: CandidateEmailSettings): Promise<CandidateEmailSettings> {
  const off = CANDIDATE_EMAIL_STAGES.filter((stage) => input.stages[stage] === false);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('companies').set({ stage_emails_off: off, reply_to_email: input.reply_to, updated_at: new Date() }).where('id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'candidate_emails_updated', entityType: 'company', entityId: actor.companyId, details: { stages_off: off, reply_to: input.reply_to }, ip: actor.ip });
  });
  return getCandidateEmailSettings(db, actor.companyId);
}
