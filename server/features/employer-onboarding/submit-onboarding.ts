import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { EmployerOnboardingResult, EmployerOnboardingValues } from '../../../shared/schemas/employer-onboarding.ts';
import type { SessionContext } from '../../auth/session.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { MAX_CODE_ATTEMPTS, onboardingCodeMatches, type OnboardingContext } from './onboarding-codes.ts';
import { writeAudit } from '../../audit/write-audit.ts';

const codeDead = () => new AppError(429, 'CODE_LOCKED', messages.mfa.tooManyTries);
const codeUsed = () => badRequest(messages.employerOnboardingFlow.codeUsed, 'CODE_USED');

/**
 * Saves the onboarding wizard (spec points 3 and 4) once the code matches the newest one emailed
 * to this user for this address. Consuming the code, the employer_onboarding row and the audit
 * entry are one transaction: all or nothing, and a double submit finds the code used.
 *
 * Every try is counted before the code is compared (in its own statement, so a wrong try stays
 * counted), which keeps parallel guesses within MAX_CODE_ATTEMPTS.
 */
export async function submitOnboarding(
  ctx: OnboardingContext,
  session: SessionContext,
  input: EmployerOnboardingValues,
  ip: string,
  log: FastifyBaseLogger,
): Promise<EmployerOnboardingResult> {
  const { db } = ctx.database;
  const { userId } = session;
  const refuse = (reason: string, error: AppError): AppError => {
    log.warn({ userId, event: 'onboarding-code-refused', reason }, 'onboarding submit refused');
    return error;
  };

  const code = await db
    .selectFrom('employer_onboarding_codes')
    .select(['id', 'code_hash', 'attempts', 'consumed_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('user_id', '=', userId)
    .where('work_email', '=', input.work_email)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!code) throw refuse('no-code', badRequest(messages.employerOnboardingFlow.noCode, 'NO_CODE'));
  if (code.consumed_at) throw refuse('code-used', codeUsed());
  if (code.attempts >= MAX_CODE_ATTEMPTS) throw refuse('code-dead', codeDead());
  if (code.expired) throw refuse('code-expired', badRequest(messages.mfa.codeExpired, 'CODE_EXPIRED'));

  const claimed = await db
    .updateTable('employer_onboarding_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', code.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('attempts')
    .executeTakeFirst();
  if (!claimed) throw refuse('code-dead', codeDead());
  if (!onboardingCodeMatches(ctx.keys, code.id, input.verification_code, code.code_hash)) {
    if (claimed.attempts >= MAX_CODE_ATTEMPTS) throw refuse('code-dead', codeDead());
    throw refuse('wrong-code', badRequest(messages.mfa.invalidCode, 'INVALID_CODE'));
  }

  const saved = await db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('employer_onboarding_codes')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', code.id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw refuse('code-used', codeUsed());
    const row = await trx
      .insertInto('employer_onboarding')
      .values({
        user_id: userId,
        company_name: input.company_name,
        industry: input.industry,
        company_size: input.company_size,
        company_website: input.company_website,
        full_name: input.full_name,
        work_email: input.work_email,
        phone_number: input.phone_number,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, { actorId: userId, companyId: session.profile.company_id, action: 'onboarding_submitted', entityType: 'employer_onboarding', entityId: row.id, ip });
    return row;
  });
  log.info({ userId, onboardingId: saved.id, event: 'onboarding-submitted' }, 'employer onboarding saved');
  return { id: saved.id };
}
