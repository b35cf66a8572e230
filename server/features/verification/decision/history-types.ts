import type { EmployerMatch } from './match-employer.ts';

/**
 * Plain shapes for the EPFO history rules, independent of any provider's client: the check flow
 * maps a provider's answer and the candidate's claims into these.
 */

/** One EPFO member record (one member ID at one establishment). */
export interface EpfoMemberFacts {
  establishment: string;
  /** 'YYYY-MM-DD', or null when EPFO has none. */
  joined: string | null;
  /** 'YYYY-MM-DD'; null while employed or when the employer never marked the exit. */
  exited: string | null;
  /** 'YYYY-MM': the last month a PF contribution was filed. */
  lastContribution: string | null;
}

export type ClaimSource = 'current_employer' | 'experience_letter' | 'salary_slip' | 'workcred_record';

/** An employment the candidate claims. Dates are 'YYYY-MM-DD' or, when only the month is known, 'YYYY-MM'. */
export interface EmploymentClaim {
  employer: string;
  from: string | null;
  /** null: still employed there (unless `month` says only when). */
  to: string | null;
  source: ClaimSource;
  /**
   * 'YYYY-MM': a month a document shows the person employed there (a salary slip's month, an
   * open-ended letter's date). With no `to`, it stands for the claim's end: employed then, and
   * nothing said about leaving later.
   */
  month?: string;
}

export type DateBasis = 'date_of_joining' | 'date_of_exit' | 'last_contribution' | 'still_employed';

export interface DateComparison {
  claimed: string | null;
  /** What EPFO shows for it (a day, or a 'YYYY-MM' month when the basis is the last contribution). */
  epfo: string | null;
  basis: DateBasis | null;
  /** null: nothing to compare. */
  agrees: boolean | null;
  /** Days apart, when both are days. */
  days: number | null;
}

export interface ClaimMatch {
  claim: EmploymentClaim;
  /** Index into the members given, or null when no establishment matches. */
  memberIndex: number | null;
  establishment: string | null;
  /** The employer match for the chosen establishment (or the closest miss). */
  employer: EmployerMatch;
  joining: DateComparison;
  exit: DateComparison;
}

interface FlagBase {
  /** One line for the verification team and the candidate panel. */
  detail: string;
}

export type HistoryFlag =
  | (FlagBase & {
      code: 'claimed_employer_not_in_epfo';
      severity: 'blocking';
      evidence: { claimedEmployer: string; source: ClaimSource; from: string | null; to: string | null; establishments: string[] };
    })
  | (FlagBase & {
      code: 'dates_differ';
      severity: 'blocking';
      evidence: { claimedEmployer: string; source: ClaimSource; establishment: string; field: 'joining' | 'exit'; claimed: string | null; epfo: string | null; basis: DateBasis; days: number | null };
    })
  | (FlagBase & {
      code: 'dual_employment';
      severity: 'blocking';
      evidence: { establishments: [string, string]; fromMonth: string; toMonth: string; months: number };
    })
  | (FlagBase & {
      code: 'gap';
      severity: 'info';
      evidence: { after: string; before: string; from: string; to: string; days: number };
    })
  | (FlagBase & {
      code: 'filings_stopped';
      severity: 'blocking';
      evidence: { establishment: string; lastContribution: string; monthsSince: number };
    });

export type HistoryFlagCode = HistoryFlag['code'];

export interface HistoryAssessment {
  /** How many member records EPFO returned. */
  members: number;
  claims: ClaimMatch[];
  flags: HistoryFlag[];
}
