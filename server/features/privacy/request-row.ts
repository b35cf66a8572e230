import type { PrivacyRequest } from '../../../shared/schemas/privacy.ts';

// The privacy request's row shape, shared by the overview and each kind of request. It sits apart
// so those files need not import one another (issue 33 D: they formed an import circle).

export interface GrievanceOfficer {
  name: string;
  email: string;
}

export const REQUEST_COLUMNS = ['id', 'reference', 'kind', 'status', 'topic', 'details', 'response', 'due_at', 'created_at', 'closed_at'] as const;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toPrivacyRequest(row: {
  id: string;
  reference: string;
  kind: PrivacyRequest['kind'];
  status: PrivacyRequest['status'];
  topic: string;
  details: string;
  response: string | null;
  due_at: Date;
  created_at: Date;
  closed_at: Date | null;
}): PrivacyRequest {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    topic: row.topic,
    details: row.details,
    response: row.response,
    due_at: iso(row.due_at),
    created_at: iso(row.created_at),
    closed_at: row.closed_at === null ? null : iso(row.closed_at),
  };
}
