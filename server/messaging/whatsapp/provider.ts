import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { createCloudApiClient, WhatsAppError, type SentWhatsApp, type TemplateSend } from './client.ts';

export type WhatsAppProviderName = 'cloud' | 'development' | 'none';

/** What the outbox sends WhatsApp messages through. */
export interface WhatsAppSender {
  readonly name: WhatsAppProviderName;
  send(message: TemplateSend): Promise<SentWhatsApp>;
}

/**
 * WHATSAPP_PROVIDER: cloud, Meta's Cloud API with the keys in Config; development, nothing leaves
 * the machine (the outbox's development copy is the message, as for SMS) and the answer is a made-up
 * wamid, so the webhook can be tried by hand; none, WhatsApp is off: candidates cannot opt in, and
 * a message queued before it was switched off fails at once rather than waiting.
 */
export function createWhatsAppSender(config: Pick<Config, 'WHATSAPP_PROVIDER' | 'WHATSAPP_API_URL' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_ACCESS_TOKEN'>): WhatsAppSender {
  if (config.WHATSAPP_PROVIDER === 'cloud') {
    const client = createCloudApiClient({ url: config.WHATSAPP_API_URL, phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID ?? '', accessToken: config.WHATSAPP_ACCESS_TOKEN ?? '' });
    return { name: 'cloud', send: (message) => client.sendTemplate(message) };
  }
  if (config.WHATSAPP_PROVIDER === 'development') {
    return { name: 'development', send: async ({ to }) => ({ id: `wamid.development-${randomUUID()}`, waId: to.replace(/^\+/, '') }) };
  }
  return {
    name: 'none',
    async send() {
      throw new WhatsAppError('WhatsApp is off (WHATSAPP_PROVIDER=none)', true);
    },
  };
}
