/**
 * An EPFO employment-history provider: given a member's UAN and their consent, it returns every
 * member id (one per employer) EPFO holds under that UAN. Each vendor is one file behind this
 * interface (surepass.ts, hyperverge.ts, development.ts); create-provider.ts picks one.
 *
 * What a provider returns is already reduced to the facts the check needs: no raw provider
 * answer leaves the client, so nothing of it can be stored by accident.
 */

/** A calendar date, YYYY-MM-DD. */
export type EpfoDate = string;
/** A wage month, YYYY-MM. */
export type EpfoMonth = string;

export interface EpfoMember {
  /** The member's name as the employer registered it with EPFO (often upper case, initials). */
  name: string;
  /** Father's or husband's name on the EPFO record, when the provider returns it. */
  guardianName: string | null;
  /** The establishment (employer) as registered with EPFO, e.g. "INFOSYS LIMITED". */
  establishment: string;
  /** The member id under this establishment (22 characters, e.g. KNBNG00123450000012345). */
  memberId: string | null;
  joined: EpfoDate | null;
  /** null while the member is employed there (no exit marked). */
  exited: EpfoDate | null;
  /** The last wage month the establishment filed PF for, when the provider returns it. */
  lastContribution: EpfoMonth | null;
}

export interface EpfoHistory {
  /** The provider's id for this lookup (stored on the check for audit and support tickets). */
  reference: string;
  members: EpfoMember[];
}

export interface EpfoHistoryOptions {
  /** The candidate's consent is a precondition of every call: the type makes it impossible to forget. */
  consent: true;
  signal?: AbortSignal;
}

export const epfoProviderNames = ['surepass', 'hyperverge', 'development'] as const;
export type EpfoProviderName = (typeof epfoProviderNames)[number];

export interface EpfoHistoryProvider {
  /** Stored on the check (verification_checks.provider). */
  name: EpfoProviderName;
  /** Shown to people: "EPFO records via Surepass". */
  label: string;
  /**
   * The employment history under the UAN. Rejects with EpfoNotFound (a decided answer),
   * EpfoUnavailable / EpfoRateLimited (try again later) or EpfoRefused (our keys are wrong).
   */
  history(uan: string, options: EpfoHistoryOptions): Promise<EpfoHistory>;
  /** The OTP passbook flow, for providers that offer it (Surepass, development); absent: not offered. */
  passbookFlow?: EpfoPassbookFlow;
}

/** The OTP-based passbook flow: the member proves they hold the UAN's registered mobile. */
export interface EpfoPassbookFlow {
  /** Sends an OTP to the mobile registered with EPFO; the session id is needed by the next calls. */
  startOtp(uan: string, options: EpfoHistoryOptions): Promise<{ sessionId: string; maskedMobile: string | null }>;
  /** Submits the code the member typed. Never retried: a retry could use up the member's attempts. */
  submitOtp(sessionId: string, otp: string, options?: { signal?: AbortSignal }): Promise<void>;
  /** The monthly contributions per member id, once the OTP was accepted. */
  passbook(sessionId: string, options?: { signal?: AbortSignal }): Promise<EpfoPassbook>;
}

export interface EpfoContribution {
  month: EpfoMonth;
  /** Rupees, as EPFO credited them. */
  employeeShare: number;
  employerShare: number;
  pensionShare: number;
}

export interface EpfoPassbook {
  reference: string;
  name: string | null;
  accounts: { memberId: string; establishment: string; contributions: EpfoContribution[] }[];
}

/** Base class of the provider errors, so a caller can tell them from bugs. */
export class EpfoError extends Error {
  constructor(
    readonly provider: EpfoProviderName,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** No EPFO record for this UAN, or the UAN is not a valid one: a decided answer, not retried. */
export class EpfoNotFound extends EpfoError {}

/** The provider could not answer (timeout, network, 5xx, garbled answer): retry later. */
export class EpfoUnavailable extends EpfoError {
  constructor(
    provider: EpfoProviderName,
    message: string,
    /** From the provider's Retry-After, when it sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(provider, message);
  }
}

/**
 * 429: over the provider's rate (Surepass: 100 a minute unless agreed otherwise). A kind of
 * EpfoUnavailable, so a caller that retries later handles both, but it always says when.
 */
export class EpfoRateLimited extends EpfoUnavailable {
  declare readonly retryAfterSeconds: number;
  constructor(provider: EpfoProviderName, retryAfterSeconds: number) {
    super(provider, `${provider} is rate limiting us; retry after ${retryAfterSeconds} s`, retryAfterSeconds);
  }
}

/** 401/403 or an account problem: our credentials or plan are wrong. Retrying will not help; an operator must. */
export class EpfoRefused extends EpfoError {}

/** A one-time code the member typed was wrong or expired (the OTP passbook flow). */
export class EpfoOtpRejected extends EpfoError {}

/** A UAN is 12 digits. Checked before any call: a malformed one is a decided answer and costs nothing. */
export function assertUan(provider: EpfoProviderName, uan: string): void {
  if (!/^\d{12}$/.test(uan)) throw new EpfoNotFound(provider, 'A UAN is 12 digits');
}

/** Consent is typed as `true`, but a caller in plain JavaScript or with a cast could still pass false. */
export function assertConsent(options: EpfoHistoryOptions): void {
  if ((options.consent as boolean) !== true) throw new Error('An EPFO lookup needs the member’s consent');
}
