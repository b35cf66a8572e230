import { sql, type Kysely, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateNotesMessages as text } from '../../../shared/messages/candidate-notes.ts';
import { plainNoteText, type Mention } from '../../../shared/note-mentions.ts';
import type { MentionableMember } from '../../../shared/schemas/candidate-record.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { publish } from '../../realtime/events.ts';
import { clipNotification, clipText } from '../notifications/clip-notification.ts';
import type { RecordActor, RecordApplication } from './record-scope.ts';

type Db = Kysely<DB> | Transaction<DB>;

const EXCERPT_MAX = 280;

/**
 * Who may be mentioned on an application: the company's active members who can see it (an
 * interviewer only when on one of its interviews, as member-scope.ts rules for their reads), so a
 * mention never tells someone of a note they cannot open. The caller is left out.
 */
export async function mentionableMembers(db: Db, application: RecordApplication, callerId: string, only?: string[]): Promise<MentionableMember[]> {
  if (only && only.length === 0) return [];
  const rows = await db
    .selectFrom('user_profiles as up')
    .select(['up.id', 'up.full_name', 'up.company_role'])
    .where('up.company_id', '=', application.company_id)
    .where('up.role', '=', 'employer')
    .where('up.suspended_at', 'is', null)
    .where('up.id', '!=', callerId)
    .$if(only !== undefined, (qb) => qb.where('up.id', 'in', only!))
    .where((eb) =>
      eb.or([
        eb('up.company_role', '!=', 'interviewer'),
        eb.exists(
          eb
            .selectFrom('interview_interviewers as ii')
            .innerJoin('interviews as i', 'i.id', 'ii.interview_id')
            .select('ii.user_id')
            .whereRef('ii.user_id', '=', 'up.id')
            .where('i.application_id', '=', application.id),
        ),
      ]),
    )
    .orderBy(sql`lower(up.full_name)`)
    .orderBy('up.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.full_name, company_role: row.company_role ?? 'interviewer' }));
}

/**
 * The members a body mentions, each one who may be (the author may mention themself; nobody is
 * told). Anyone else is refused by the name the note wrote for them, never one read from the
 * database, so an id from elsewhere learns nothing about its owner.
 */
export async function checkMentions(db: Db, application: RecordApplication, actor: RecordActor, mentions: Mention[]): Promise<string[]> {
  const others = mentions.filter((mention) => mention.userId !== actor.userId);
  const allowed = new Set((await mentionableMembers(db, application, actor.userId, others.map((mention) => mention.userId))).map((member) => member.id));
  const refused = others.filter((mention) => !allowed.has(mention.userId));
  if (refused.length > 0) throw badRequest(fill(text.cannotMention, { names: refused.map((mention) => mention.label).join(', ') }), 'CANNOT_MENTION');
  return mentions.map((mention) => mention.userId);
}

/** An in-app notice to each member newly mentioned (not the author), with a live event to each of them alone. */
export async function noticeMentioned(trx: Transaction<DB>, application: RecordApplication, actor: RecordActor, noteId: string, body: string, recipients: string[]): Promise<void> {
  const to = [...new Set(recipients)].filter((id) => id !== actor.userId);
  if (to.length === 0) return;
  const values = { author: actor.name, candidate: application.candidate_name || application.candidate_email, job: application.job_title, excerpt: clipText(plainNoteText(body).replace(/\s+/g, ' '), EXCERPT_MAX) };
  const { title, message } = clipNotification({ title: fill(text.mentionNotice.title, values), message: fill(text.mentionNotice.message, values) });
  await trx
    .insertInto('notifications')
    .values(to.map((recipient) => ({ recipient_id: recipient, type: 'toast' as const, title, message })))
    .execute();
  for (const recipient of to) await publish(trx, { topic: `user:${recipient}`, type: 'notification', id: noteId });
}
