import type { Kysely, Transaction } from 'kysely';
import type { EpfoLookupView } from '../../../../shared/schemas/epfo.ts';
import type { DB } from '../../../db/schema.ts';
import { decidedLookupView } from './lookup-views.ts';

export interface EpfoRecord {
  provider_label: string;
  confirmed_at: string;
  /** How EPFO was asked: by UAN, or the member's OTP and their passbook. */
  method: EpfoLookupView['method'];
  /** Every establishment EPFO holds, with its dates: the employment the record can vouch for. */
  employers: { establishment: string; joined: string | null; exited: string | null }[];
  /** The WorkCred employers (company names) an establishment confirmed, dates included. */
  confirmedCompanies: Set<string>;
}

/**
 * What EPFO confirms for the portable record (issue 34): the newest decided lookup, under a
 * consent that stands, that found the member under a name strongly matching the candidate's.
 * A weak name or no record vouches for nothing, so it is not part of the record.
 */
export async function epfoRecordOf(db: Kysely<DB> | Transaction<DB>, candidateId: string): Promise<EpfoRecord | null> {
  const lookup = await decidedLookupView(db, candidateId);
  const findings = lookup?.findings;
  if (!lookup?.decided_at || !findings?.found || findings.name_match !== 'strong') return null;
  return {
    provider_label: lookup.provider_label,
    confirmed_at: lookup.decided_at,
    method: lookup.method,
    employers: findings.employers.map((employer) => ({ establishment: employer.establishment, joined: employer.joined, exited: employer.exited })),
    confirmedCompanies: new Set(findings.employers.flatMap((employer) => employer.confirms.filter((claim) => claim.source === 'workcred_record').map((claim) => claim.employer))),
  };
}
