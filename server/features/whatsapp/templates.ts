import type { Transaction } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { whatsappMessages as text } from '../../../shared/messages/whatsapp.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messaging/outbox.ts';

/**
 * The approved templates WorkCred sends, as registered with Meta: a business may start a
 * conversation only with a template (decision record 0028). Each names its body parameters in
 * order ({{1}}, {{2}}, …); the words are ours too, for the development outbox and the README.
 */
export const WHATSAPP_TEMPLATES = {
  application_received: { language: 'en', parameters: ['name', 'title', 'company'] },
  interview_times_offered: { language: 'en', parameters: ['name', 'company', 'title', 'url'] },
} as const;
export type WhatsappTemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** Template parameters are plain text of at most 1,024 characters, without new lines or runs of spaces. */
const parameterText = (value: string) => value.replace(/\s+/g, ' ').trim().slice(0, 1024);

/**
 * Queues a template to a candidate who opted in, in the caller's transaction (the outbox sends it
 * after commit). Nothing is queued without a standing opt-in for the candidate's current verified
 * number. Returns whether a message was queued.
 */
export async function queueWhatsappTemplate<Name extends WhatsappTemplateName>(
  trx: Transaction<DB>,
  candidateId: string,
  name: Name,
  values: Record<(typeof WHATSAPP_TEMPLATES)[Name]['parameters'][number], string>,
): Promise<boolean> {
  const recipient = await trx
    .selectFrom('whatsapp_consents as w')
    .innerJoin('user_profiles as u', 'u.id', 'w.candidate_id')
    .select('u.phone')
    .where('w.candidate_id', '=', candidateId)
    .where('w.revoked_at', 'is', null)
    .where('u.mobile_verified', '=', true)
    .whereRef('u.phone', '=', 'w.phone')
    .executeTakeFirst();
  if (!recipient?.phone) return false;
  const template = WHATSAPP_TEMPLATES[name];
  const filled = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, parameterText(String(value))]));
  await enqueueMessage(trx, {
    channel: 'whatsapp',
    to: recipient.phone,
    template: { name, language: template.language, parameters: template.parameters.map((key) => filled[key] ?? '') },
    text: fill(text.templates[name], filled),
  });
  return true;
}
