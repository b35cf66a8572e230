import { sql, type Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { CompanyCheckResult } from '../../../shared/schemas/employer-signup.ts';
import type { DB } from '../../db/schema.ts';

const text = messages.employerSignupFlow;

/** Trimmed, with runs of spaces made one: "  Acme   Infotech " and "Acme Infotech" are one company. */
export function normaliseCompanyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * The spec's RPC check_company_exists. A company "exists" when its name (case and surrounding
 * spaces ignored, as the unique indexes of 0002_domain.sql compare it) is in companies or in
 * company_verifications. The status comes from company_verifications; when several signups (from
 * different domains) name the same company, the strongest wins: verified, then pending, then
 * rejected. Answers the three fields of the spec and nothing else, so an anonymous caller learns
 * no ids, domains or dates.
 */
export async function checkCompanyExists(db: Kysely<DB>, companyName: string): Promise<CompanyCheckResult> {
  const name = normaliseCompanyName(companyName);
  const verification = await db
    .selectFrom('company_verifications')
    .select('verification_status')
    .where(sql<string>`lower(btrim(company_name))`, '=', sql<string>`lower(${name})`)
    .orderBy(sql`case verification_status when 'verified' then 0 when 'pending' then 1 else 2 end`)
    .limit(1)
    .executeTakeFirst();
  const fill = (template: string) => template.replace('{name}', () => name);

  if (verification) {
    const status = verification.verification_status;
    const message = status === 'verified' ? text.statusVerified : status === 'pending' ? text.statusPending : text.statusRejected;
    return { company_exists: true, verification_status: status, status_message: fill(message) };
  }
  const company = await db
    .selectFrom('companies')
    .select(sql<number>`1`.as('one'))
    .where(sql<string>`lower(btrim(name))`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
  if (company) return { company_exists: true, verification_status: 'not_found', status_message: fill(text.statusRegistered) };
  return { company_exists: false, verification_status: 'not_found', status_message: fill(text.statusAvailable) };
}
