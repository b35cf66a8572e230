import type { Kysely, Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { prepared } from '../../../db/prepared-statements.ts';
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
  // One statement: the lookup runs for every verifying candidate, and a burst of them shares the app.
  const person = await prepared(
    db
      .selectFrom('user_profiles as u')
      .leftJoin('candidate_profiles as c', 'c.user_id', 'u.id')
      .select((eb) => [
        'u.full_name',
        'c.uan',
        'c.current_employer',
        jsonArrayFrom(
          eb
            .selectFrom('employments as e')
            .innerJoin('companies as co', 'co.id', 'e.company_id')
            .select(['co.name', 'e.joining_date', 'e.last_working_day'])
            .whereRef('e.employee_id', '=', 'u.id')
            .where('e.confirmation', '=', 'confirmed')
            // A joining still ahead has no EPFO record yet: nothing to compare.
            .where('e.joining_date', '<=', today)
            .orderBy('e.joining_date'),
        ).as('employments'),
        jsonArrayFrom(
          eb
            .selectFrom('candidate_documents as d')
            .select(['d.document_type', 'd.employment_claim'])
            .whereRef('d.candidate_id', '=', 'u.id')
            .where('d.document_type', 'in', ['experience_letter', 'salary_slip'])
            .where('d.employment_claim', 'is not', null)
            .orderBy('d.document_type'),
        ).as('documents'),
      ])
      .where('u.id', '=', candidateId),
  ).executeTakeFirst();
  if (!person) return null;
  const claims: EmploymentClaim[] = [];
  const current = person.current_employer?.trim();
  if (current) claims.push({ employer: current, from: null, to: null, source: 'current_employer' });
  for (const employment of person.employments) {
    const left = employment.last_working_day !== null && employment.last_working_day <= today ? employment.last_working_day : null;
    claims.push({ employer: employment.name, from: employment.joining_date, to: left, source: 'workcred_record' });
  }
  for (const { document_type: source, employment_claim: stated } of person.documents) {
    if (!stated || (source !== 'experience_letter' && source !== 'salary_slip')) continue;
    claims.push({ employer: stated.employer, from: stated.from, to: stated.to, source, ...(stated.month ? { month: stated.month } : {}) });
  }
  return { fullName: person.full_name, uan: person.uan, claims };
}
