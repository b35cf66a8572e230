import { epfoDate, epfoMonth, epfoText } from './dates.ts';
import { field, postJson, type EpfoHttpOptions, type ProviderAnswer } from './http.ts';
import {
  EpfoNotFound,
  EpfoOtpRejected,
  EpfoRefused,
  EpfoUnavailable,
  assertConsent,
  assertUan,
  type EpfoHistory,
  type EpfoHistoryProvider,
  type EpfoContribution,
  type EpfoMember,
  type EpfoPassbookFlow,
} from './provider.ts';

/**
 * Surepass's KYC API (https://surepass.io), as documented in its public API reference
 * (https://e338ebdbb06e0ec4ec7d11b7a53702dc.apidog.io, read 2026-11-28):
 *
 * Employment History (…/employment-history-16301959e0):
 *   POST {base}/api/v1/income/employment-history-uan, Authorization: Bearer <token>,
 *   body {"id_number": "<12-digit UAN>"}. Answer:
 *   {"data": {"client_id", "uan", "employment_history": [{name, guardian_name, establishment_name,
 *    member_id, date_of_joining (YYYY-MM-DD), date_of_exit (YYYY-MM-DD, null while employed),
 *    last_pf_submitted (YYYY-MM-DD), wage_month ("May-2022")}]},
 *    "status_code": 200, "success": true, "message": null, "message_code": "success"}.
 * Every answer, failures included, carries status_code, success, message and message_code. The
 * reference lists 400 malformed, 401 bad credentials, 403 prohibited, 404 not found, 422 validation
 * error (an invalid UAN or no record: {"data": null, "status_code": 422, "success": false,
 * "message": "Verification Failed.", "message_code": null}), 429 over the rate (100 a minute unless
 * agreed), 500. Hosts: kyc-api.surepass.io (production, also .app), sandbox.surepass.io.
 */
export const SUREPASS_DEFAULT_URL = 'https://kyc-api.surepass.io';

export interface SurepassOptions extends EpfoHttpOptions {
  /** SUREPASS_API_URL: the host, without /api/v1. */
  url: string;
  /** SUREPASS_TOKEN */
  token: string;
}

export type SurepassProvider = EpfoHistoryProvider & { passbookFlow: EpfoPassbookFlow };

export function createSurepassProvider(options: SurepassOptions): SurepassProvider {
  // SUREPASS_API_URL is the host; one given with Surepass's /api/v1 suffix still works.
  const base = `${options.url.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}/api/v1`;
  const headers = { authorization: `Bearer ${options.token}` };
  const post = (path: string, body: object, signal: AbortSignal | undefined) => postJson('surepass', `${base}${path}`, headers, body, { timeoutMs: options.timeoutMs, signal });

  return {
    name: 'surepass',
    label: 'Surepass',

    async history(uan, historyOptions) {
      assertConsent(historyOptions);
      assertUan('surepass', uan);
      const answer = await post('/income/employment-history-uan', { id_number: uan }, historyOptions.signal);
      const data = dataOf(answer, 'employment history');
      const rows = field(data, 'employment_history');
      if (!Array.isArray(rows)) throw new EpfoUnavailable('surepass', 'surepass answered without employment_history');
      const members = rows.map(memberOf).filter((member): member is EpfoMember => member !== null);
      // A success with no rows is EPFO saying it has nothing under this UAN.
      if (members.length === 0) throw new EpfoNotFound('surepass', 'EPFO has no employment under this UAN');
      return { reference: referenceOf(data), members } satisfies EpfoHistory;
    },

    passbookFlow: {
      // EPFO Passbook (…/generate-epfo-otp-16301969e0, …/get-passbook-16301971e0):
      // POST /income/epfo/passbook/generate-otp {"id_number": UAN} → data {client_id, otp_sent,
      // masked_mobile_number}; an invalid UAN is 400 {"message_code": "invalid_input"}.
      async startOtp(uan, startOptions) {
        assertConsent(startOptions);
        assertUan('surepass', uan);
        const data = dataOf(await post('/income/epfo/passbook/generate-otp', { id_number: uan }, startOptions.signal), 'OTP');
        if (field(data, 'otp_sent') === false) throw new EpfoUnavailable('surepass', 'EPFO did not send the OTP');
        const sessionId = epfoText(field(data, 'client_id'));
        if (!sessionId) throw new EpfoUnavailable('surepass', 'surepass answered without a client_id');
        return { sessionId, maskedMobile: epfoText(field(data, 'masked_mobile_number')) };
      },

      // POST /income/epfo/passbook/submit-otp {"client_id", "otp"}: a 4xx here means the code was not accepted.
      async submitOtp(sessionId, otp, submitOptions = {}) {
        if (!/^\d{4,8}$/.test(otp)) throw new EpfoOtpRejected('surepass', 'The code is digits only');
        const answer = await post('/income/epfo/passbook/submit-otp', { client_id: sessionId, otp }, submitOptions.signal);
        if (answer.status >= 400 || field(answer.body, 'success') === false || field(field(answer.body, 'data'), 'otp_validated') === false) {
          throw new EpfoOtpRejected('surepass', `EPFO did not accept the code (${codeOf(answer)})`);
        }
      },

      // POST /income/epfo/passbook/get-passbook {"client_id"} → data {client_id, pf_uan, full_name,
      // father_name, dob, companies: {<member_id>: {company_name, passbook: [{member_id,
      // employee_share, employer_share, pension_share, approved_on, year, month (MM)}]}}}.
      async passbook(sessionId, passbookOptions = {}) {
        const data = dataOf(await post('/income/epfo/passbook/get-passbook', { client_id: sessionId }, passbookOptions.signal), 'passbook');
        const companies = field(data, 'companies');
        if (companies === null || typeof companies !== 'object' || Array.isArray(companies)) throw new EpfoUnavailable('surepass', 'surepass answered without companies');
        const accounts = Object.entries(companies as Record<string, unknown>).map(([memberId, company]) => ({
          memberId,
          establishment: epfoText(field(company, 'company_name')) ?? '',
          contributions: contributionsOf(field(company, 'passbook')),
        }));
        return { reference: referenceOf(data), name: epfoText(field(data, 'full_name')), accounts };
      },
    },
  };
}

/** The answer's data, or the typed error its status and message_code mean. */
function dataOf(answer: ProviderAnswer, what: string): unknown {
  const { status, body } = answer;
  if (status < 300 && field(body, 'success') !== false && field(body, 'data') !== null && field(body, 'data') !== undefined) return field(body, 'data');
  // 422 (and 400 invalid_input, as the OTP page documents it) are Surepass's "this UAN is not
  // valid / has no record". A bare 400 or a 404 means our request or SUREPASS_API_URL is wrong:
  // treating those as "no record" would fail every check on a configuration mistake.
  const uanRejected = status === 400 && /^invalid_(input|uan)/.test(epfoText(field(body, 'message_code')) ?? '');
  if (status === 422 || uanRejected || (status < 300 && field(body, 'success') === false)) {
    throw new EpfoNotFound('surepass', `surepass found no ${what} for this UAN (${codeOf(answer)})`);
  }
  if (status < 300) throw new EpfoUnavailable('surepass', `surepass answered HTTP ${status} without data`);
  // Anything else (400, 402 credits exhausted, 404, …) is about our account or set-up, not the member.
  throw new EpfoRefused('surepass', `surepass refused the ${what} request (${codeOf(answer)})`);
}

function codeOf({ status, body }: ProviderAnswer): string {
  const code = epfoText(field(body, 'message_code'));
  return code ? `HTTP ${status}, ${code}` : `HTTP ${status}`;
}

function referenceOf(data: unknown): string {
  const reference = epfoText(field(data, 'client_id'));
  if (!reference) throw new EpfoUnavailable('surepass', 'surepass answered without a client_id');
  return reference;
}

function memberOf(row: unknown): EpfoMember | null {
  const establishment = epfoText(field(row, 'establishment_name'));
  if (!establishment) return null;
  return {
    name: epfoText(field(row, 'name')) ?? '',
    guardianName: epfoText(field(row, 'guardian_name')),
    establishment,
    memberId: epfoText(field(row, 'member_id')),
    joined: epfoDate(field(row, 'date_of_joining')),
    exited: epfoDate(field(row, 'date_of_exit')),
    // wage_month names the month the last contribution was for; last_pf_submitted is the day it
    // was filed, usually the month after. The wage month is what "stopped filing" is about.
    lastContribution: epfoMonth(field(row, 'wage_month')) ?? epfoMonth(field(row, 'last_pf_submitted')),
  };
}

function contributionsOf(rows: unknown): EpfoContribution[] {
  if (!Array.isArray(rows)) return [];
  const contributions: EpfoContribution[] = [];
  for (const row of rows) {
    const month = epfoMonth(`${String(field(row, 'year') ?? '')}-${String(field(row, 'month') ?? '')}`);
    if (!month) continue;
    contributions.push({ month, employeeShare: rupees(field(row, 'employee_share')), employerShare: rupees(field(row, 'employer_share')), pensionShare: rupees(field(row, 'pension_share')) });
  }
  return contributions.sort((a, b) => a.month.localeCompare(b.month));
}

/** Shares come as strings ("1,800" or "1800.00"); a missing one is 0. */
function rupees(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').replace(/[₹,\s]/g, ''));
  return Number.isFinite(number) ? number : 0;
}
