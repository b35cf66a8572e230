import { sql, type Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { jobApplicationsMessages as text } from '../../../shared/messages/job-applications.ts';
import { can, companyRoles } from '../../../shared/permissions.ts';
import { NOTIFIED_TEAM_ROLES } from '../../../shared/job-details.ts';
import type { DB } from '../../db/schema.ts';
import { brandedEmail, loadCompanyBrand } from '../../messaging/branded-email.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';
import { publish } from '../../realtime/events.ts';
import { clipNotification } from '../notifications/clip-notification.ts';
import { queueWhatsappTemplate } from '../whatsapp/templates.ts';

/** Who hears of a new application: the members who work the pipeline (owners, admins, recruiters; not interviewers). */
export const NOTIFIED_ROLES = companyRoles.filter((role) => can(role, 'pipeline.move'));

export interface NewApplication {
  applicationId: string;
  jobId: string;
  candidateId: string;
  /** The site's address, for the link to the candidate's dashboard. */
  publicUrl: string;
}

/**
 * Issue 33, B7: a new application told nobody. Inside the application's transaction, so both go
 * out exactly when the application exists: the candidate's "application received" email through
 * the outbox (replies go to the company's reply-to, as its stage emails do), and an in-app notice
 * for each owner, admin and recruiter of the company, or only for the job's hiring team's
 * recruiters and hiring managers when it has some (one INSERT … SELECT), with one live event on
 * the company's topic so their open pages fetch it.
 */
export async function noticeApplicationReceived(trx: Transaction<DB>, application: NewApplication): Promise<void> {
  const facts = await trx
    .selectFrom('job_postings as jp')
    .innerJoin('companies as c', 'c.id', 'jp.company_id')
    .innerJoin('user_profiles as up', (join) => join.on('up.id', '=', application.candidateId))
    .select(['jp.title', 'jp.company_id', 'c.name as company_name', 'c.reply_to_email', 'up.full_name', 'up.email'])
    .where('jp.id', '=', application.jobId)
    .executeTakeFirstOrThrow();

  const values = { name: facts.full_name || facts.email, title: facts.title, company: facts.company_name, url: `${application.publicUrl}/dashboard` };
  const mail = text.receivedEmail;
  // Issue 36 §3: in the company's colours, with the same words as the plain-text part.
  const brand = await loadCompanyBrand(trx, facts.company_id, application.publicUrl);
  const parts = brandedEmail(brand, [fill(mail.greeting, values), '', fill(mail.body, values), '', fill(mail.next, values), '', fill(mail.footer, values)].join('\n'));
  await enqueueMessage(trx, {
    channel: 'email',
    to: facts.email,
    subject: fill(mail.subject, values),
    text: parts.text,
    html: parts.html,
    replyTo: facts.reply_to_email,
  });
  // Issue 36 §3: the same news on WhatsApp, for a candidate who opted in (their verified number).
  await queueWhatsappTemplate(trx, application.candidateId, 'application_received', { name: values.name, title: facts.title, company: facts.company_name });

  const notice = { candidate: facts.full_name || facts.email, title: facts.title };
  const { title, message } = clipNotification({ title: fill(text.teamNotice.title, notice), message: fill(text.teamNotice.message, notice) });
  const inserted = await trx
    .insertInto('notifications')
    .columns(['recipient_id', 'type', 'title', 'message'])
    .expression((eb) =>
      eb
        .selectFrom('user_profiles')
        .select((inner) => [
          'id',
          sql<string>`'toast'`.as('type'),
          inner.val(title).as('title'),
          inner.val(message).as('message'),
        ])
        .where('company_id', '=', facts.company_id)
        .where('company_role', 'in', NOTIFIED_ROLES)
        .where('suspended_at', 'is', null)
        // Issue 36 §2: a member who chose the daily digest hears of it there instead (candidate-emails/application-digest.ts).
        .where((eb) => eb.not(eb.exists(eb.selectFrom('application_notice_preferences as pref').select('pref.user_id').whereRef('pref.user_id', '=', 'user_profiles.id').where('pref.mode', '=', 'daily'))))
        // Issue 36 §1: a job with recruiters or hiring managers on its team tells only them.
        .where((eb) =>
          eb.or([
            eb.not(eb.exists(eb.selectFrom('job_hiring_team as t').select('t.user_id').where('t.job_id', '=', application.jobId).where('t.team_role', 'in', NOTIFIED_TEAM_ROLES))),
            eb.exists(eb.selectFrom('job_hiring_team as t').select('t.user_id').where('t.job_id', '=', application.jobId).where('t.team_role', 'in', NOTIFIED_TEAM_ROLES).whereRef('t.user_id', '=', 'user_profiles.id')),
          ]),
        ),
    )
    .executeTakeFirst();
  // Without the text: each open page of the company asks for its own pending notices (interviewers have none).
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) await publish(trx, { topic: `company:${facts.company_id}`, type: 'notification', id: application.applicationId });
}
