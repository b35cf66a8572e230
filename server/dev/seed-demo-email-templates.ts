import { sendCandidateEmail } from '../features/candidate-emails/candidate-email.ts';
import { createEmailTemplate } from '../features/candidate-emails/email-templates.ts';
import { saveNoticePreference } from '../features/candidate-emails/notice-preferences.ts';
import { SEED_IP, type SeedContext } from './seed-demo-context.ts';
import type { SeededCompany } from './seed-demo-hiring.ts';

/** Two templates each (issue 36 §3): one sent from the pipeline, one in place of the shortlist email. */
const TEMPLATES = [
  {
    name: 'Interview invitation',
    subject: 'Your interview for {{job_title}} at {{company_name}}',
    body: 'Hello {{candidate_name}},\n\nThank you for applying for {{job_title}}. We would like to meet you on {{interview_time}}.\n\nIf that time does not suit you, reply to this email and we will find another.\n\nThe hiring team at {{company_name}}',
    stage: null,
  },
  {
    name: 'Shortlisted',
    subject: 'Good news about {{job_title}}',
    body: 'Hello {{candidate_name}},\n\n{{company_name}} has shortlisted your application for {{job_title}}. We will be in touch about the next step within a week.\n\nThe hiring team at {{company_name}}',
    stage: 'shortlisted' as const,
  },
];

/**
 * Candidate emails in the demo, through the functions the API calls: each company's two templates
 * (the brand colours are Settings → Company's, seeded by seed-demo-settings.ts), one email sent
 * from the pipeline (it shows in the candidate's timeline), and the first member of the first
 * company on the daily digest of new applications.
 */
export async function seedEmailTemplates(context: SeedContext, companies: SeededCompany[]): Promise<void> {
  for (const [index, company] of companies.entries()) {
    const [recruiter] = company.team;
    if (!recruiter) continue;
    const actor = { userId: recruiter.id, companyId: company.id, ip: SEED_IP };
    for (const template of TEMPLATES) await createEmailTemplate(context.db, actor, template);
    const application = await context.db
      .selectFrom('job_applications as ja')
      .innerJoin('job_postings as jp', 'jp.id', 'ja.job_id')
      .select('ja.id')
      .where('jp.company_id', '=', company.id)
      .where('ja.status', 'in', ['screening', 'shortlisted'])
      .orderBy('ja.created_at')
      .executeTakeFirst();
    if (application) {
      await sendCandidateEmail(
        context.db,
        { ...actor, publicUrl: context.publicUrl },
        application.id,
        { template_id: null, subject: 'Thank you for applying to {{company_name}}', body: 'Hello {{candidate_name}},\n\nWe have your application for {{job_title}} and are reading it now. You will hear from us within a week.' },
        new Date(),
      );
    }
    if (index === 0) await saveNoticePreference(context.db, actor, { mode: 'daily' }, new Date());
  }
}
