import { addNote } from '../features/pipeline/application-notes.ts';
import { addCandidateTag } from '../features/pipeline/candidate-tags.ts';
import { mentionableMembers } from '../features/pipeline/note-mentions.ts';
import { recordActor, recordApplication } from '../features/pipeline/record-scope.ts';
import { SEED_IP, sessionFor, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** Tags the demo's recruiters put on candidates, a set per application in turn. */
const TAGS = [['Referral', 'Immediate joiner'], ['Strong communicator'], ['Relocation needed', 'Night shift OK'], ['Referral']];
/** Notes in turn; {mention} becomes a teammate who can see the candidate. */
const NOTES = [
  'Spoke on the phone: expects 15% over current CTC, notice period negotiable to 30 days. {mention} can you check the budget?',
  'Portfolio is strong. {mention} please take the technical round this week.',
  'Asked about the Pune office; happy to relocate by next month.',
];

/**
 * Issue 36 §2 in the demo: each company's recruiter tags a few candidates and writes notes that
 * mention a teammate (who gets the notification), through the functions the API uses, so each
 * application's timeline shows them among its moves and interviews.
 */
export async function seedNotes(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  const { db } = context;
  for (const company of companies) {
    const [recruiter] = company.team;
    if (!recruiter) continue;
    const actor = recordActor(await sessionFor(db, recruiter.id), SEED_IP);
    const applications = await db
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .select('ja.id')
      .where('ja.company_id', '=', company.id)
      .where('jp.is_deleted', '=', false)
      .where('ja.status', 'in', ['screening', 'shortlisted', 'interview', 'offered'])
      .orderBy('ja.created_at', 'desc')
      .orderBy('ja.id')
      .limit(4)
      .execute();
    for (const [index, { id }] of applications.entries()) {
      for (const tag of TAGS[index % TAGS.length]!) await addCandidateTag(db, actor, id, tag);
      const note = NOTES[index % NOTES.length];
      if (!note || index >= NOTES.length) continue;
      const [teammate] = await mentionableMembers(db, await recordApplication(db, actor.scope, id), recruiter.id);
      await addNote(db, actor, id, note.replace('{mention}', teammate ? `@[${teammate.name}](${teammate.id})` : 'The hiring manager'));
    }
  }
}
