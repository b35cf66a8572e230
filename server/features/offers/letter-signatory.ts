import type { Kysely } from 'kysely';
import type { LetterSignatory } from '../../../shared/schemas/offers.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { companyAddressLines } from './offer-letter.ts';
import type { OfferActor } from './offer-rows.ts';

/** Settings → Letters: who signs offer letters, and the address they carry (the billing profile's, shown here read-only). */
export async function getLetterSignatory(db: Kysely<DB>, companyId: string): Promise<LetterSignatory> {
  const company = await db.selectFrom('companies').select(['letter_signatory_name', 'letter_signatory_designation']).where('id', '=', companyId).executeTakeFirstOrThrow();
  const address = await companyAddressLines(db, companyId);
  return { name: company.letter_signatory_name ?? '', designation: company.letter_signatory_designation ?? '', address: address.length > 0 ? address.join(', ') : null };
}

/** Saves the signatory (blank clears it); audited with what changed. */
export async function saveLetterSignatory(db: Kysely<DB>, actor: OfferActor, input: { name: string; designation: string }): Promise<LetterSignatory> {
  await db.transaction().execute(async (trx) => {
    const next = { letter_signatory_name: input.name || null, letter_signatory_designation: input.designation || null };
    await trx.updateTable('companies').set({ ...next, updated_at: new Date() }).where('id', '=', actor.companyId).execute();
    await writeAudit(trx, { actorId: actor.userId, companyId: actor.companyId, action: 'letter_signatory_saved', entityType: 'company', entityId: actor.companyId, details: { name: next.letter_signatory_name, designation: next.letter_signatory_designation }, ip: actor.ip });
  });
  return getLetterSignatory(db, actor.companyId);
}
