import { startFakeJsonServer, type FakeAnswer, type FakeRequest } from './fake-json-server.ts';

/**
 * HyperVerge's EPFO Employment History - UAN API (POST /v1/uanEpfoHistory, headers appId, appKey,
 * transactionId; body {uanNumber, consent: "Y"}) with HyperVerge's India API envelope:
 * {status: "success", statusCode: "200", result} or {status: "failure", statusCode, error}.
 * See server/features/verification/sources/epfo/hyperverge.ts for the sources and what the
 * result's field names rest on.
 */

export interface HypervergeHistoryRow {
  name: string;
  guardianName: string;
  establishmentName: string;
  memberId: string;
  dateOfJoining: string;
  dateOfExit: string | null;
}

const failure = (status: number, error: unknown, headers: Record<string, string> = {}): FakeAnswer => ({ status, headers, body: { status: 'failure', statusCode: String(status), error } });

export const hypervergeErrors = {
  400: failure(400, 'uanNumber must be a 12 digit number'),
  401: failure(401, { developerMessage: 'unauthorized' }),
  403: failure(403, 'Access to this API is not enabled for the appId'),
  422: failure(422, 'No records found for the given UAN'),
  429: failure(429, 'Rate limit exceeded', { 'retry-after': '17' }),
  500: failure(500, 'Internal Server Error'),
  503: failure(503, 'Source unavailable', { 'retry-after': '120' }),
} satisfies Record<number, FakeAnswer>;

export const hypervergeSampleRows: HypervergeHistoryRow[] = [
  { name: 'VIKRAM SINGH RATHORE', guardianName: 'BHANWAR SINGH RATHORE', establishmentName: 'TATA CONSULTANCY SERVICES LIMITED', memberId: 'MHBAN00482730000311275', dateOfJoining: '2017-08-01', dateOfExit: '2022-12-31' },
  { name: 'VIKRAM SINGH RATHORE', guardianName: 'BHANWAR SINGH RATHORE', establishmentName: 'HDFC BANK LIMITED', memberId: 'MHBAN00513480000129904', dateOfJoining: '2023-01-09', dateOfExit: null },
];

export const HYPERVERGE_APP_ID = 'hv-app-id';
export const HYPERVERGE_APP_KEY = 'hv-app-key';
export const HYPERVERGE_KNOWN_UAN = '100584579999';

export async function startFakeHyperverge() {
  const histories = new Map<string, HypervergeHistoryRow[]>([[HYPERVERGE_KNOWN_UAN, hypervergeSampleRows]]);
  const respond = (request: FakeRequest): FakeAnswer => {
    if (request.headers.appid !== HYPERVERGE_APP_ID || request.headers.appkey !== HYPERVERGE_APP_KEY) return hypervergeErrors[401];
    if (request.path !== '/v1/uanEpfoHistory') return failure(404, 'Not Found');
    if (!request.headers.transactionid) return failure(400, 'transactionId header is mandatory');
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.consent !== 'Y') return failure(400, 'consent must be Y');
    const uan = typeof body.uanNumber === 'string' ? body.uanNumber : '';
    if (!/^\d{12}$/.test(uan)) return hypervergeErrors[400];
    const rows = histories.get(uan);
    if (!rows) return hypervergeErrors[422];
    return { status: 200, body: { status: 'success', statusCode: '200', result: { uan, employmentHistory: rows } } };
  };
  const server = await startFakeJsonServer(respond);
  return { ...server, histories };
}
export type FakeHyperverge = Awaited<ReturnType<typeof startFakeHyperverge>>;
