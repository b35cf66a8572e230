import { messages } from '../../../shared/messages.ts';
import type { SessionContext } from '../../auth/session.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * The one place Jobs Management decides whose jobs the caller may see and change: an employer's
 * own company, taken from their profile (never from the request). Anyone else is refused.
 */
export function employerCompanyId(session: SessionContext): string {
  const { role, company_id: companyId } = session.profile;
  if (role !== 'employer' || !companyId) throw forbidden(messages.profile.notInCompany, 'NOT_IN_COMPANY');
  return companyId;
}
