import { randomUUID } from 'node:crypto';
import { epfoDate, epfoMonth, epfoText } from './dates.ts';
import { field, postJson, type EpfoHttpOptions, type ProviderAnswer } from './http.ts';
import { EpfoNotFound, EpfoRefused, EpfoUnavailable, assertConsent, assertUan, type EpfoHistoryProvider, type EpfoMember } from './provider.ts';

/**
 * HyperVerge's "EPFO Employment History - UAN" API, as its public reference documents it
 * (https://documentation.hyperverge.co/api-reference/india_api/EPFO%20APIs/employment_history_with_UAN_api,
 * read 2026-11-28): POST https://ind-engine.thomas.hyperverge.co/v1/uanEpfoHistory, JSON body
 * {"uanNumber": "<12-digit UAN>", "consent": "Y"}, headers content-type, appId and appKey (from
 * the dashboard's credentials tab) and transactionId, "a unique identifier for tracking a user
 * journey", all mandatory.
 *
 * Answers follow HyperVerge's envelope for its India APIs (github.com/hyperverge/kyc-india-rest-api,
 * README "Response Structure"): {"status": "success", "statusCode": "200", "result": {...}}, and
 * failures {"status": "failure", "statusCode": "4xx", "error": "<text>"} (statusCode is sometimes a
 * string, sometimes a number); 401 {"error": {"developerMessage": "unauthorized"}} for bad keys;
 * 422 when the input holds nothing to return; 5xx for its own failures.
 *
 * The reference's table of the result's fields could not be read from here (only its opening was
 * available), so the result is read by the names EPFO and the aggregators use for these fields, in
 * HyperVerge's camelCase (name, guardianName, establishmentName, memberId, dateOfJoining,
 * dateOfExit) and snake_case alike, under result, result.data or result.employmentHistory.
 * Confirm against the sandbox before going live; tests/support/fake-hyperverge.ts answers this shape.
 */
export const HYPERVERGE_DEFAULT_URL = 'https://ind-engine.thomas.hyperverge.co';

export interface HypervergeOptions extends EpfoHttpOptions {
  /** HYPERVERGE_API_URL: the host, without /v1. */
  url: string;
  appId: string;
  appKey: string;
  /** Injectable for tests; a fresh UUID per call otherwise. */
  transactionId?: () => string;
}

export function createHypervergeProvider(options: HypervergeOptions): EpfoHistoryProvider {
  const url = `${options.url.replace(/\/+$/, '')}/v1/uanEpfoHistory`;
  const nextTransactionId = options.transactionId ?? (() => `workcred-${randomUUID()}`);
  return {
    name: 'hyperverge',
    label: 'HyperVerge',
    async history(uan, historyOptions) {
      assertConsent(historyOptions);
      assertUan('hyperverge', uan);
      // The transaction id is ours, so it is the reference: HyperVerge's support traces a call by it.
      const transactionId = nextTransactionId();
      const answer = await postJson(
        'hyperverge',
        url,
        { appId: options.appId, appKey: options.appKey, transactionId },
        { uanNumber: uan, consent: 'Y' },
        { timeoutMs: options.timeoutMs, signal: historyOptions.signal },
      );
      const rows = historyRows(resultOf(answer));
      const members = rows.map(memberOf).filter((member): member is EpfoMember => member !== null);
      if (members.length === 0) throw new EpfoNotFound('hyperverge', 'EPFO has no employment under this UAN');
      return { reference: transactionId, members };
    },
  };
}

function resultOf(answer: ProviderAnswer): unknown {
  const { status, body } = answer;
  const statusCode = Number(field(body, 'statusCode') ?? status);
  const failed = field(body, 'status') === 'failure' || status >= 300 || statusCode >= 300;
  if (!failed) return field(body, 'result');
  const code = `HTTP ${status}${statusCode !== status ? `, statusCode ${statusCode}` : ''}`;
  // 422 (nothing under this UAN) is a verdict on the member's UAN. A 400 cannot be about the UAN
  // (checked before the call) and a 404 is a wrong HYPERVERGE_API_URL: both fall through to
  // EpfoRefused, so a set-up mistake alerts an operator instead of failing every check.
  if (status === 422 || statusCode === 422) throw new EpfoNotFound('hyperverge', `hyperverge found no record for this UAN (${code})`);
  // A failure envelope inside a 200 that names an auth or server problem.
  if (statusCode === 401 || statusCode === 403) throw new EpfoRefused('hyperverge', `hyperverge refused our credentials (${code}): check the keys`);
  if (statusCode >= 500) throw new EpfoUnavailable('hyperverge', `hyperverge could not answer (${code})`);
  throw new EpfoRefused('hyperverge', `hyperverge refused the request (${code})`);
}

function historyRows(result: unknown): unknown[] {
  const candidates = [result, field(result, 'data'), field(result, 'employmentHistory'), field(result, 'employment_history'), field(field(result, 'data'), 'employmentHistory'), field(field(result, 'data'), 'employment_history')];
  const rows = candidates.find(Array.isArray);
  if (!rows) throw new EpfoUnavailable('hyperverge', 'hyperverge answered without an employment history');
  return rows;
}

function first(row: unknown, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = field(row, key);
    if (value !== undefined && value !== null) return value;
  }
  return null;
}

function memberOf(row: unknown): EpfoMember | null {
  const establishment = epfoText(first(row, 'establishmentName', 'establishment_name', 'companyName'));
  if (!establishment) return null;
  return {
    name: epfoText(first(row, 'name', 'memberName')) ?? '',
    guardianName: epfoText(first(row, 'guardianName', 'guardian_name', 'fatherOrHusbandName')),
    establishment,
    memberId: epfoText(first(row, 'memberId', 'member_id')),
    joined: epfoDate(first(row, 'dateOfJoining', 'date_of_joining', 'doj')),
    exited: epfoDate(first(row, 'dateOfExit', 'date_of_exit', 'doe')),
    lastContribution: epfoMonth(first(row, 'wageMonth', 'wage_month')) ?? epfoMonth(first(row, 'lastPfSubmitted', 'last_pf_submitted')),
  };
}
