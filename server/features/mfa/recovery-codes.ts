import { sql, type Kysely, type Transaction } from 'kysely';
import { formatRecoveryCode, type RecoveryCodesStatus } from '../../../shared/schemas/mfa-recovery.ts';
import type { MfaKeys } from '../../auth/mfa-crypto.ts';
import { generateRecoveryCodes, hashRecoveryCode } from '../../auth/mfa-recovery-codes.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Replaces the person's recovery codes with a new set and returns it, formatted for showing
 * (`abcde-12345`), this once: only the hashes are stored. Every earlier code stops working.
 */
export async function issueRecoveryCodes(trx: Transaction<DB>, keys: MfaKeys, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('mfa_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(keys, userId, code) })))
    .execute();
  return codes.map(formatRecoveryCode);
}

/** How many codes of the current set are left. */
export async function countUnusedRecoveryCodes(db: Kysely<DB> | Transaction<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** GET /api/mfa/recovery-codes: whether two-step verification is on, and the set's count, never a code. */
export async function recoveryCodesStatus(db: Kysely<DB>, userId: string): Promise<RecoveryCodesStatus> {
  const [factor, set] = await Promise.all([
    db.selectFrom('mfa_factors').select('id').where('user_id', '=', userId).where('status', '=', 'verified').executeTakeFirst(),
    db
      .selectFrom('mfa_recovery_codes')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) FILTER (WHERE used_at IS NULL)`.as('remaining'), sql<Date | string | null>`min(created_at)`.as('created_at')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    enabled: Boolean(factor),
    remaining: Number(set.remaining),
    total: Number(set.total),
    created_at: set.created_at === null ? null : new Date(set.created_at).toISOString(),
  };
}
