import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { EmploymentClaim } from '../decision/history-types.ts';

type Reader = Kysely<DB> | Transaction<DB>;

export interface LookupSubject {
  fullName: string;
  uan: string | null;
  claims: EmploymentClaim[];
}

/**
 * The candidate's name, UAN and the employments they claim: the current employer on their
 * profile (still employed, dates unknown) and every employment on their WorkCred record that has
 * a source (a hire, or their own confirmation), with its dates. A last working day still ahead
 * (a notice period) is still employed. The employments the candidate's experience letter and
 * salary slip state join them once their checks have read them (document-claims.ts).
 */
export async function loadLookupSubject(db: Reader, candidateId: string, today: string): Promise<LookupSubject | null> {
  const person = await db
    .selectFrom('user_profiles as u')
    .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
    .select(['u.full_name', 'c.uan', 'c.current_employer'])
    .where('u.id', '=', candidateId)
    .executeTakeFirst();
  if (!person) return null;
  const employments = await db
    .selectFrom('employments as e')
    .innerJoin('companies as co', 'co.id', 'e.company_id')
    .select(['co.name', 'e.joining_date', 'e.last_working_day'])
    .where('e.employee_id', '=', candidateId)
    .where('e.confirmation', '=', 'confirmed')
    // A joining still ahead has no EPFO record yet: nothing to compare.
    .where('e.joining_date', '<=', today)
    .orderBy('e.joining_date')
    .execute();
  const claims: EmploymentClaim[] = [];
  const current = person.current_employer?.trim();
  if (current) claims.push({ employer: current, from: null, to: null, source: 'current_employer' });
  for (const employment of employments) {
    const left = employment.last_working_day !== null && employment.last_working_day <= today ? employment.last_working_day : null;
    claims.push({ employer: employment.name, from: employment.joining_date, to: left, source: 'workcred_record' });
  }
  const documents = await db
    .selectFrom('candidate_documents')
    .select(['document_type', 'employment_claim'])
    .where('candidate_id', '=', candidateId)
    .where('document_type', 'in', ['experience_letter', 'salary_slip'])
    .where('employment_claim', 'is not', null)
    .orderBy('document_type')
    .execute();
  for (const { document_type: source, employment_claim: stated } of documents) {
    if (!stated || (source !== 'experience_letter' && source !== 'salary_slip')) continue;
    claims.push({ employer: stated.employer, from: stated.from, to: stated.to, source, ...(stated.month ? { month: stated.month } : {}) });
  }
  return { fullName: person.full_name, uan: person.uan, claims };
}
