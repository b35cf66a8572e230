import type { FastifyBaseLogger } from 'fastify';
import { isAPIError } from 'better-auth/api';
import { messages } from '../../../shared/messages.ts';
import type { EmployerSignupInput, EmployerSignupResult } from '../../../shared/schemas/employer-signup.ts';
import { emailDomain, isWorkEmail } from '../../../shared/schemas/work-email.ts';
import { checkNewPassword } from '../../auth/password-policy.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { checkCompanyExists, normaliseCompanyName } from './check-company-exists.ts';

/** Where the confirmation link lands: the callback screen signs the confirmed user in. */
export const SIGNUP_CALLBACK_URL = '/auth/callback';

/**
 * Employer signup (spec points 4 and 5). Every rule the form applies is applied again here: a
 * work email, the password policy, and no signup under a company that is already verified. Then
 * better-auth creates the unconfirmed account (its profile becomes an employer because a company
 * name is given) and queues the confirmation email, and a company_verifications row records the
 * company with the email's domain.
 *
 * Known and unknown emails get the same answer: better-auth answers a duplicate exactly like a new
 * signup (hashing the password either way, for equal timing), and the verification row is written
 * in both cases, where the unique index on (name, domain) makes a repeat a no-op.
 */
export async function signUpEmployer(
  { auth, database }: Pick<FeatureDeps, 'auth' | 'database'>,
  input: EmployerSignupInput,
  log: FastifyBaseLogger,
): Promise<EmployerSignupResult> {
  const email = input.email.trim().toLowerCase();
  if (!isWorkEmail(email)) throw badRequest(messages.employerSignup.invalidWorkEmail, 'INVALID_WORK_EMAIL');
  const passwordProblem = checkNewPassword(input.password);
  if (passwordProblem) throw badRequest(passwordProblem, 'PASSWORD_NOT_ACCEPTED');

  const companyName = normaliseCompanyName(input.company_name);
  const check = await checkCompanyExists(database.db, companyName);
  if (check.verification_status === 'verified') {
    log.info({ event: 'employer-signup-blocked' }, 'employer signup refused: company already verified');
    throw conflict(check.status_message, 'COMPANY_ALREADY_VERIFIED');
  }

  try {
    await auth.api.signUpEmail({
      body: { email, password: input.password, name: input.full_name.trim(), companyName, chosenPlan: input.plan, callbackURL: SIGNUP_CALLBACK_URL },
    });
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    // Two submits at once: the loser's insert hits the unique email. The account now exists, so
    // answer as for any duplicate rather than revealing it (or failing a double click).
    if (!(await accountExists(database, email))) {
      // better-auth's own refusals (an address it will not take, say) are the caller's to fix.
      throw new AppError(400, 'SIGNUP_REFUSED', error.message || messages.employerSignup.registrationFailed);
    }
  }

  // Written after the account so a failed signup leaves no orphan row; if this insert fails, a
  // retry answers like a duplicate signup and writes it then.
  await database.db
    .insertInto('company_verifications')
    .values({ company_name: companyName, domain: emailDomain(email) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  log.info({ event: 'employer-signup', plan: input.plan ?? null }, 'employer signup accepted');
  return { status: 'confirmation_sent' };
}

async function accountExists({ db }: FeatureDeps['database'], email: string): Promise<boolean> {
  const row = await db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}
