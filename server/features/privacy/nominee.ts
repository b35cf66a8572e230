import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { Nominee, NomineeBody } from '../../../shared/schemas/privacy.ts';
import { normalisePhone } from '../../auth/mfa-phone.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { nomineeOf } from './overview.ts';

const text = messages.privacy;

/** Names (or replaces) the person's nominee. The nominee must be someone else; a phone is normalised to E.164. */
export async function setNominee(db: Kysely<DB>, personId: string, body: NomineeBody, ip: string | null): Promise<Nominee> {
  const phone = body.phone === null ? null : normalisePhone(body.phone);
  if (body.phone !== null && phone === null) throw badRequest(text.nomineePhoneInvalid, 'NOMINEE_PHONE_INVALID');
  await db.transaction().execute(async (trx) => {
    const person = await trx.selectFrom('user_profiles').select('email').where('id', '=', personId).executeTakeFirstOrThrow();
    if (person.email.toLowerCase() === body.email) throw badRequest(text.nomineeSelf, 'NOMINEE_SELF');
    const values = { full_name: body.full_name, relationship: body.relationship, email: body.email, phone };
    await trx
      .insertInto('privacy_nominees')
      .values({ person_id: personId, ...values })
      .onConflict((oc) => oc.column('person_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .execute();
    // The nominee's contact details are personal data of someone else: only the relationship is logged.
    await writeAudit(trx, { actorId: personId, companyId: null, action: 'privacy_nominee_set', entityType: 'privacy_nominee', entityId: personId, details: { relationship: body.relationship }, ip });
  });
  return (await nomineeOf(db, personId)) as Nominee;
}

/** Removes the nominee; removing none is fine (idempotent). */
export async function removeNominee(db: Kysely<DB>, personId: string, ip: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('privacy_nominees').where('person_id', '=', personId).executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await writeAudit(trx, { actorId: personId, companyId: null, action: 'privacy_nominee_removed', entityType: 'privacy_nominee', entityId: personId, ip });
    }
  });
}
