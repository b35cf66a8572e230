import { sql, type Kysely, type Transaction } from 'kysely';
import { candidateNotesMessages as text } from '../../../shared/messages/candidate-notes.ts';
import { mentionsIn } from '../../../shared/note-mentions.ts';
import { CANDIDATE_RECORD_LIMITS, type ApplicationNote } from '../../../shared/schemas/candidate-record.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { checkMentions, noticeMentioned } from './note-mentions.ts';
import { recordApplication, type RecordActor, type RecordApplication } from './record-scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Who may delete anyone's note (a departed member's, say); everyone else only their own. */
const MODERATORS = new Set(['owner', 'admin']);

interface NoteRow {
  id: string;
  body: string;
  author_id: string | null;
  author_name: string | null;
  mentions: string[];
  created_at: Date;
  edited_at: Date | null;
}

const noteColumns = ['n.id', 'n.body', 'n.author_id', 'up.full_name as author_name', 'n.mentions', 'n.created_at', 'n.edited_at'] as const;

/** Each note with its mentions named as the members are called now (as the note wrote them, for one who left). */
async function toNotes(db: Db, rows: NoteRow[], actor: RecordActor): Promise<ApplicationNote[]> {
  const ids = [...new Set(rows.flatMap((row) => row.mentions))];
  const names = new Map((ids.length ? await db.selectFrom('user_profiles').select(['id', 'full_name']).where('id', 'in', ids).execute() : []).map((row) => [row.id, row.full_name]));
  return rows.map((row) => {
    const written = new Map(mentionsIn(row.body).map((mention) => [mention.userId, mention.label]));
    return {
      id: row.id,
      body: row.body,
      author_id: row.author_id,
      author_name: row.author_name ?? null,
      mentions: row.mentions.map((userId) => ({ user_id: userId, name: names.get(userId) || written.get(userId) || '' })),
      created_at: new Date(row.created_at).toISOString(),
      edited_at: row.edited_at ? new Date(row.edited_at).toISOString() : null,
      can_edit: row.author_id === actor.userId,
      can_delete: row.author_id === actor.userId || MODERATORS.has(actor.role ?? ''),
    };
  });
}

const notesQuery = (db: Db) => db.selectFrom('application_notes as n').leftJoin('user_profiles as up', 'up.id', 'n.author_id').select(noteColumns);

/** The application's notes, newest first (the newest CANDIDATE_RECORD_LIMITS.notesListed; the timeline holds them all). */
export async function listNotes(db: Kysely<DB>, actor: RecordActor, applicationId: string): Promise<ApplicationNote[]> {
  const application = await recordApplication(db, actor.scope, applicationId);
  const rows = await notesQuery(db).where('n.application_id', '=', application.id).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(CANDIDATE_RECORD_LIMITS.notesListed).execute();
  return toNotes(db, rows, actor);
}

async function noteOf(trx: Transaction<DB>, application: RecordApplication, noteId: string) {
  const row = await notesQuery(trx).where('n.id', '=', noteId).where('n.application_id', '=', application.id).forUpdate('n').executeTakeFirst();
  if (!row) throw notFound(text.noteNotFound);
  return row;
}

async function audit(trx: Transaction<DB>, application: RecordApplication, actor: RecordActor, action: string, details: Record<string, unknown>) {
  // The body stays out of the audit log: it is the company's, and a deleted note is gone.
  await writeAudit(trx, { actorId: actor.userId, companyId: application.company_id, action, entityType: 'job_application', entityId: application.id, details, ip: actor.ip });
  await publish(trx, { topic: `company:${application.company_id}`, type: 'pipeline', id: application.id });
}

/** A note by the caller; each teammate it mentions is checked (400 naming the refused) and told. */
export async function addNote(db: Kysely<DB>, actor: RecordActor, applicationId: string, body: string): Promise<ApplicationNote> {
  return db.transaction().execute(async (trx) => {
    const application = await recordApplication(trx, actor.scope, applicationId);
    const mentions = await checkMentions(trx, application, actor, mentionsIn(body));
    const inserted = await trx
      .insertInto('application_notes')
      .values({ application_id: application.id, company_id: application.company_id, author_id: actor.userId, body, mentions })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noticeMentioned(trx, application, actor, inserted.id, body, mentions);
    await audit(trx, application, actor, 'application_note_added', { note_id: inserted.id, mentioned: mentions.length });
    const [note] = await toNotes(trx, [await noteOf(trx, application, inserted.id)], actor);
    return note!;
  });
}

/** The author changes their note; only members it newly mentions are told. */
export async function editNote(db: Kysely<DB>, actor: RecordActor, applicationId: string, noteId: string, body: string): Promise<ApplicationNote> {
  return db.transaction().execute(async (trx) => {
    const application = await recordApplication(trx, actor.scope, applicationId);
    const current = await noteOf(trx, application, noteId);
    if (current.author_id !== actor.userId) throw forbidden(text.notYourNote, 'NOT_YOUR_NOTE');
    const mentions = await checkMentions(trx, application, actor, mentionsIn(body));
    await trx.updateTable('application_notes').set({ body, mentions, edited_at: sql<Date>`now()` }).where('id', '=', noteId).execute();
    const before = new Set(current.mentions);
    await noticeMentioned(trx, application, actor, noteId, body, mentions.filter((id) => !before.has(id)));
    await audit(trx, application, actor, 'application_note_edited', { note_id: noteId, mentioned: mentions.length });
    const [note] = await toNotes(trx, [await noteOf(trx, application, noteId)], actor);
    return note!;
  });
}

/** The author, or an owner or admin, deletes a note; its timeline entries stay, without the text. */
export async function deleteNote(db: Kysely<DB>, actor: RecordActor, applicationId: string, noteId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const application = await recordApplication(trx, actor.scope, applicationId);
    const current = await noteOf(trx, application, noteId);
    if (current.author_id !== actor.userId && !MODERATORS.has(actor.role ?? '')) throw forbidden(text.cannotDeleteNote, 'CANNOT_DELETE_NOTE');
    await trx.deleteFrom('application_notes').where('id', '=', noteId).execute();
    await audit(trx, application, actor, 'application_note_deleted', { note_id: noteId, author_id: current.author_id });
  });
}
