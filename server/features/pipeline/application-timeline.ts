import { sql, type Kysely, type RawBuilder } from 'kysely';
import { candidateNotesMessages } from '../../../shared/messages/candidate-notes.ts';
import { candidateTimelineMessages as text } from '../../../shared/messages/candidate-timeline.ts';
import { CANDIDATE_RECORD_LIMITS, type TimelinePage } from '../../../shared/schemas/candidate-record.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { decodeNotificationCursor as decodeCursor, encodeNotificationCursor as encodeCursor } from '../notifications/notification-cursor.ts';
import type { MemberScope } from '../team/member-scope.ts';
import { recordApplication } from './record-scope.ts';
import { timelineText } from './timeline-text.ts';

/** A check's entries that say how it came out; the rest (consents, resets, OTPs) are the candidate's own business. */
const CHECK_OUTCOMES = ['verification_check_run', 'verification_check_decided'];

interface Row {
  id: string;
  action: string;
  details: Record<string, unknown>;
  actor_id: string | null;
  created_at: Date;
  cursor_at: string;
  actor_full_name: string | null;
  actor_company_id: string | null;
  actor_role: string | null;
  note_body: string | null;
}

/**
 * Everything that happened to an application, newest first, a page at a time (issue 36 §2), read
 * from the audit log so each feature's entries appear without this knowing of them: the
 * application's own (stage moves, notes, and whatever later features write with entity
 * 'job_application'), its interviews' (scheduled, moved, cancelled, no-show, scorecards), the
 * checks asked for on it and how the candidate's checks came out, and the company's entries on the
 * candidate (tags). "Applied" is the application row itself, so applications made before the log
 * kept it show it too. Each branch is one range of admin_audit_logs_entity_idx cut at the page's
 * cursor and size, so a page costs the same at any size of log (npm run bench: lookup).
 */
export async function getApplicationTimeline(db: Kysely<DB>, scope: MemberScope, applicationId: string, cursorValue: string | undefined): Promise<TimelinePage> {
  const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
  if (cursorValue !== undefined && cursor === null) throw badRequest(candidateNotesMessages.invalidCursor, 'INVALID_CURSOR');
  const application = await recordApplication(db, scope, applicationId);
  const limit = CANDIDATE_RECORD_LIMITS.timelinePage + 1;
  const before = cursor ? sql`AND (created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const columns = sql`id, action, details, admin_id AS actor_id, created_at`;
  // One range of admin_audit_logs_entity_idx per entity, each cut at the page's cursor and size:
  // a LATERAL per entity, so the plan cannot become a walk of the whole log by time.
  const branch = (type: string, entityIds: RawBuilder<unknown>, extra = sql``) =>
    sql`(SELECT a.* FROM (${entityIds}) AS entity(entity_id) CROSS JOIN LATERAL (
      SELECT ${columns} FROM admin_audit_logs WHERE entity_type = ${type} AND entity_id = entity.entity_id ${extra} ${before} ORDER BY created_at DESC, id DESC LIMIT ${limit}
    ) AS a)`;
  const branches = [
    branch('job_application', sql`SELECT ${application.id}::text`, sql`AND action <> 'application_received'`),
    branch('interview', sql`SELECT id::text FROM interviews WHERE application_id = ${application.id}::uuid`),
    branch('check_request', sql`SELECT id::text FROM check_requests WHERE application_id = ${application.id}::uuid`),
    branch('verification_check', sql`SELECT id::text FROM verification_checks WHERE candidate_id = ${application.candidate_id}`, sql`AND action = ANY(${CHECK_OUTCOMES}::text[])`),
    branch('candidate', sql`SELECT ${application.candidate_id}::text`, sql`AND company_id = ${application.company_id}::uuid`),
    sql`(SELECT id, 'application_received' AS action, jsonb_build_object('source', source) AS details, candidate_id AS actor_id, created_at FROM job_applications WHERE id = ${application.id}::uuid ${before})`,
  ];
  // The page with its actors and its notes' text, in the same statement.
  const { rows } = await sql<Row>`
    SELECT e.id, e.action, e.details, e.actor_id, e.created_at,
           to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
           up.full_name AS actor_full_name, up.company_id::text AS actor_company_id, up.role AS actor_role, n.body AS note_body
    FROM (${sql.join(branches, sql` UNION ALL `)}) AS e
    LEFT JOIN user_profiles up ON up.id = e.actor_id
    LEFT JOIN application_notes n ON n.application_id = ${application.id}::uuid AND n.id::text = e.details->>'note_id'
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT ${limit}`.execute(db);

  const page = rows.slice(0, CANDIDATE_RECORD_LIMITS.timelinePage);
  // Named: the candidate and the company's own members. The platform's staff (a verification
  // decision) and providers read as WorkCred; a member who has since left, as a former member.
  const actorName = (row: Row): string => {
    if (row.actor_id === null || row.actor_role === 'admin') return text.system;
    if (row.actor_full_name && (row.actor_id === application.candidate_id || row.actor_company_id === application.company_id)) return row.actor_full_name;
    return text.formerMember;
  };
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const noteId = typeof row.details.note_id === 'string' ? row.details.note_id : null;
      return {
        id: row.id,
        action: row.action,
        text: timelineText(row.action, row.details),
        actor_name: actorName(row),
        at: new Date(row.created_at).toISOString(),
        note: noteId && row.action.startsWith('application_note_') ? { id: noteId, body: row.note_body } : null,
      };
    }),
    next_cursor: rows.length > CANDIDATE_RECORD_LIMITS.timelinePage && last ? encodeCursor({ createdAt: last.cursor_at, id: last.id }) : null,
  };
}
