import { Readable } from 'node:stream';
import { answerInvitation } from '../features/candidate-invitations/answer-invitation.ts';
import { attachInvitationResume } from '../features/candidate-invitations/invitation-resume.ts';
import { inviteCandidate } from '../features/candidate-invitations/invitations.ts';
import { textPdf } from './demo-pdfs.ts';
import type { DemoCandidate } from './demo-cast.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

type Candidates = Map<string, { id: string; spec: DemoCandidate }>;

/**
 * Candidates added by hand in the demo (issue 36 §2, ADR 0030): on the first company's first open
 * job, a walk-in (with the resume they handed over) and a referral still waiting to confirm (their
 * emails, with the link, are in the development outbox), and a referral who confirmed, so the
 * pipeline shows a card from "Referral".
 */
export async function seedInvitations(context: SeedContext, companies: SeededCompany[], candidates: Candidates): Promise<void> {
  const { db, storage, app } = context;
  const company = companies[0];
  const recruiter = company?.team[1] ?? company?.team[0];
  if (!company || !recruiter) return;
  const job = await db
    .selectFrom('job_postings')
    .select('id')
    .where('company_id', '=', company.id)
    .where('status', '=', 'published')
    .where('is_deleted', '=', false)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('created_at')
    .executeTakeFirst();
  if (!job) return;
  const actor = { userId: recruiter.id, companyId: company.id, ip: SEED_IP };
  const context_ = { now: new Date(), publicUrl: context.publicUrl };
  const walkIn = await inviteCandidate(db, actor, job.id, { full_name: 'Sandeep Kumar', email: 'sandeep.kumar@example.in', phone: '+91 98860 41275', source: 'walk_in', referrer_name: null }, context_);
  const resume = await textPdf(['Sandeep Kumar', 'Warehouse Supervisor', 'Hosur, Tamil Nadu', 'Experience: 5 years running inbound and dispatch shifts.']);
  await attachInvitationResume({ db, storage, log: app.log }, actor, walkIn.id, { body: Readable.from([resume]), originalName: 'Sandeep-Kumar-resume.pdf', timeoutMs: 60_000 }, new Date());
  await inviteCandidate(db, actor, job.id, { full_name: 'Farhan Siddiqui', email: 'farhan.siddiqui@example.in', phone: null, source: 'referral', referrer_name: 'Arvind Rao' }, context_);

  // A demo candidate who has not applied to this job, referred by a teammate, who confirmed from the email.
  const applied = new Set((await db.selectFrom('job_applications').select('candidate_id').where('job_id', '=', job.id).execute()).map((row) => row.candidate_id));
  const referred = [...candidates.values()].find((candidate) => !applied.has(candidate.id));
  if (!referred) return;
  await inviteCandidate(db, actor, job.id, { full_name: referred.spec.fullName, email: referred.spec.email, phone: null, source: 'referral', referrer_name: 'Priya Nair' }, context_);
  const mail = await db.selectFrom('outbox_messages').select('body_text').where('recipient', '=', referred.spec.email).where('body_text', 'like', '%/confirm-application#%').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const token = /\/confirm-application#([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (token) await answerInvitation({ db, storage, log: app.log }, token, 'confirm', { now: new Date(), ip: SEED_IP, publicUrl: context.publicUrl });
}
