import { startFakeJsonServer, type FakeAnswer, type FakeRequest } from './fake-json-server.ts';

/**
 * Surepass's KYC API as its public reference documents it (see server/features/verification/
 * sources/epfo/surepass.ts for the pages): employment history by UAN and the OTP passbook flow,
 * with its envelope {data, status_code, success, message, message_code} on every answer.
 */

export interface SurepassHistoryRow {
  name: string;
  guardian_name: string;
  establishment_name: string;
  member_id: string;
  date_of_joining: string;
  date_of_exit: string | null;
  last_pf_submitted: string;
  wage_month: string;
}

const envelope = (status: number, data: unknown, message: string | null, messageCode: string | null): FakeAnswer => ({
  status,
  body: { data, status_code: status, success: status < 300, message, message_code: messageCode },
});

/** The documented failures, by HTTP status (the reference's error table and its examples). */
export const surepassErrors = {
  400: envelope(400, null, 'Invalid UAN provided. Please check and try again.', 'invalid_input'),
  401: envelope(401, null, 'Invalid authorization credentials', 'unauthorized'),
  403: envelope(403, null, 'Action prohibited', 'forbidden'),
  404: envelope(404, null, 'Resource not found', 'not_found'),
  422: envelope(422, null, 'Verification Failed.', null),
  429: { status: 429, headers: { 'retry-after': '42' }, body: { data: null, status_code: 429, success: false, message: 'Rate limit reached', message_code: 'rate_limited' } },
  500: envelope(500, null, 'An unexpected error occurred in our API', 'internal_error'),
} satisfies Record<number, FakeAnswer>;

/** The documented sample's member, with Indian names: a current employer (no exit) and a past one. */
export const surepassSampleRows: SurepassHistoryRow[] = [
  { name: 'SUNITA DEVI YADAV', guardian_name: 'RAM PRAKASH YADAV', establishment_name: 'INFOSYS LIMITED', member_id: 'KNBNG00218740000412355', date_of_joining: '2021-03-15', date_of_exit: null, last_pf_submitted: '2026-11-14', wage_month: 'Oct-2026' },
  { name: 'SUNITA DEVI YADAV', guardian_name: 'RAM PRAKASH YADAV', establishment_name: 'I PROCESS SERVICES (INDIA) PVT. LTD.', member_id: 'MHBAN00412365400031307', date_of_joining: '2018-03-15', date_of_exit: '2021-02-25', last_pf_submitted: '1800-01-01', wage_month: 'Feb-2021' },
];

export const SUREPASS_TOKEN = 'sp-test-token';
export const SUREPASS_OTP = '482916';
export const SUREPASS_KNOWN_UAN = '101669821230';

/** One member id's passbook as get-passbook answers it: company_name and its monthly lines. */
export interface SurepassPassbookCompany {
  company_name: string;
  passbook: { member_id: string; employee_share: string; employer_share: string; pension_share: string; approved_on: string; year: string; month: string }[];
}

/** A member id's passbook lines, one a month from `from` to `to` (YYYY-MM), as EPFO credits them. */
export function surepassPassbookMonths(memberId: string, from: string, to: string): SurepassPassbookCompany['passbook'] {
  const lines: SurepassPassbookCompany['passbook'] = [];
  const [year, month] = from.split('-').map(Number) as [number, number];
  for (let index = 0; ; index += 1) {
    const day = new Date(Date.UTC(year, month - 1 + index, 1));
    const current = day.toISOString().slice(0, 7);
    if (current > to) break;
    const approved = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 14)).toISOString().slice(0, 10);
    lines.push({ member_id: memberId, employee_share: '1,800', employer_share: '550', pension_share: '1250', approved_on: approved, year: current.slice(0, 4), month: current.slice(5, 7) });
  }
  return lines;
}

export async function startFakeSurepass() {
  const histories = new Map<string, SurepassHistoryRow[]>([[SUREPASS_KNOWN_UAN, surepassSampleRows]]);
  /** Passbooks by UAN (tests add them), each with the member's full name; others answer the two sample months. */
  const passbooks = new Map<string, { fullName: string; companies: Record<string, SurepassPassbookCompany> }>();
  const sessions = new Map<string, { uan: string; validated: boolean }>();
  let counter = 0;
  const reference = (prefix: string) => `${prefix}_${String(++counter).padStart(20, 'x')}`;

  const respond = (request: FakeRequest): FakeAnswer => {
    if (request.headers.authorization !== `Bearer ${SUREPASS_TOKEN}`) return surepassErrors[401];
    const body = (request.body ?? {}) as Record<string, unknown>;
    const uan = typeof body.id_number === 'string' ? body.id_number : '';
    switch (request.path) {
      case '/api/v1/income/employment-history-uan': {
        const rows = histories.get(uan);
        if (!/^\d{12}$/.test(uan)) return surepassErrors[400];
        return rows ? envelope(200, { client_id: reference('employment_history_uan'), uan, employment_history: rows }, null, 'success') : surepassErrors[422];
      }
      case '/api/v1/income/epfo/passbook/generate-otp': {
        if (!histories.has(uan) && !passbooks.has(uan)) return surepassErrors[400];
        const clientId = reference('income_epfo_passbook');
        sessions.set(clientId, { uan, validated: false });
        return envelope(200, { client_id: clientId, otp_sent: true, masked_mobile_number: 'XXXXXX5699' }, 'OTP Sent.', 'success');
      }
      case '/api/v1/income/epfo/passbook/submit-otp': {
        const session = sessions.get(String(body.client_id));
        if (!session) return envelope(422, null, 'Invalid client_id', 'invalid_client_id');
        if (body.otp !== SUREPASS_OTP) return envelope(422, null, 'Invalid OTP', 'invalid_otp');
        session.validated = true;
        return envelope(200, { client_id: body.client_id, otp_validated: true }, 'OTP validated', 'success');
      }
      case '/api/v1/income/epfo/passbook/get-passbook': {
        const session = sessions.get(String(body.client_id));
        if (!session?.validated) return envelope(422, null, 'OTP not validated', 'otp_not_validated');
        const own = passbooks.get(session.uan);
        if (own) return envelope(200, { client_id: body.client_id, pf_uan: session.uan, full_name: own.fullName, father_name: null, dob: null, companies: own.companies }, null, 'success');
        const companies = Object.fromEntries(
          (histories.get(session.uan) ?? []).map((row) => [
            row.member_id,
            {
              company_name: row.establishment_name,
              passbook: [
                { member_id: row.member_id, employee_share: '1,800', employer_share: '550', pension_share: '1250', approved_on: '2026-11-14', year: '2026', month: '10' },
                { member_id: row.member_id, employee_share: '1800.00', employer_share: '550', pension_share: '1250', approved_on: '2026-10-15', year: '2026', month: '09' },
              ],
            },
          ]),
        );
        return envelope(200, { client_id: body.client_id, pf_uan: session.uan, full_name: 'SUNITA DEVI YADAV', father_name: 'RAM PRAKASH YADAV', dob: '1994-08-21', companies }, null, 'success');
      }
      default:
        return surepassErrors[404];
    }
  };
  const server = await startFakeJsonServer(respond);
  return { ...server, histories, passbooks };
}
export type FakeSurepass = Awaited<ReturnType<typeof startFakeSurepass>>;
