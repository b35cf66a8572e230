import { sql, type Transaction } from 'kysely';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB, VerificationFlag } from '../../db/schema.ts';
import { emitCheckVerified, publishCheckChange } from './run-check.ts';

const PHONE_CODE_MATCH: VerificationFlag[] = [{ rule: 'phone_code', outcome: 'match' }];

/**
 * The candidate entered the code sent to their number (registration, or a new number on the
 * dashboard): that is the phone check, done by the algorithm now. Called inside the transaction
 * that marks the number verified, so the check and the number never disagree. Issue 33: the
 * check stayed "Pending · Give consent and verify" after the code, as if nothing had been checked.
 */
export async function recordPhoneVerifiedByCode(trx: Transaction<DB>, candidateId: string): Promise<void> {
  const check = await trx
    .insertInto('verification_checks')
    .values({ candidate_id: candidateId, subject: 'phone', status: 'verified', decided_by: 'algorithm', decided_at: sql<Date>`now()`, flags: JSON.stringify(PHONE_CODE_MATCH), verified_fields: ['phone'] })
    .onConflict((oc) =>
      oc.constraint('verification_checks_one_per_subject').doUpdateSet({
        status: 'verified',
        reason: null,
        decided_by: 'algorithm',
        decided_by_user: null,
        decided_at: sql<Date>`now()`,
        flags: JSON.stringify(PHONE_CODE_MATCH),
        verified_fields: ['phone'],
        provider: null,
        provider_reference: null,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, { actorId: candidateId, companyId: null, action: 'verification_check_run', entityType: 'verification_check', entityId: check.id, details: { subject: 'phone', status: 'verified', decided_by: 'algorithm', flags: ['phone_code:match'] }, ip: null });
  await publishCheckChange(trx, candidateId, check.id);
  await emitCheckVerified(trx, candidateId, 'phone', ['phone']);
}
