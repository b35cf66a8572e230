import type { Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { candidateEmailsMessages as text } from '../../../shared/messages/candidate-emails.ts';
import { pipelineMessages } from '../../../shared/messages/pipeline.ts';
import { fillMergeFields } from '../../../shared/schemas/candidate-emails.ts';
import type { DB } from '../../db/schema.ts';
import { brandedEmail, loadCompanyBrand } from '../../messaging/branded-email.ts';
import type { OutgoingEmail } from '../../messaging/outbox.ts';
import { mergeFacts } from './candidate-email.ts';
import { stageTemplate } from './email-templates.ts';

/**
 * A stage's automatic email as the company sends it (issue 36 §3): its own template for the stage
 * when it saved one (merge fields filled; an interview not yet scheduled reads "to be confirmed"),
 * the spec's wording (`standard`, built by the pipeline) otherwise; either way with the company's
 * logo and colour as HTML beside the plain text. A rejection's reason is added as the spec's line.
 */
export async function brandedStageEmail(
  trx: Transaction<DB>,
  application: { id: string; company_id: string },
  change: { to: string; note?: string | undefined; publicUrl: string },
  standard: OutgoingEmail,
  now: Date = new Date(),
): Promise<OutgoingEmail> {
  const brand = await loadCompanyBrand(trx, application.company_id, change.publicUrl);
  const own = await stageTemplate(trx, application.company_id, change.to);
  if (!own) return { ...standard, html: brandedEmail(brand, standard.text).html };
  const facts = await mergeFacts(trx, application.company_id, application.id, now);
  const values = { ...facts.values, interview_time: facts.values.interview_time ?? text.interviewTimeToConfirm };
  let body = fillMergeFields(own.body, values);
  if (change.to === 'rejected' && change.note) body = `${body}\n\n${fill(pipelineMessages.email.reason, { note: change.note })}`;
  const parts = brandedEmail(brand, body);
  return { ...standard, subject: fillMergeFields(own.subject, values).replace(/\s+/g, ' ').trim(), text: parts.text, html: parts.html };
}
