import type { Config } from '../config.ts';

export interface EmailSender {
  send(message: { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[] }): Promise<void>;
}
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise messages live only in the development outbox. */
export function createEmailSender(config: Config): EmailSender {
  if (!config.SMTP_URL) return { async send() {} };
  const smtpUrl = config.SMTP_URL;
  // Loaded with the first message, not at start-up.
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
    },
  };
}

/** MSG91 (an Indian SMS gateway) through its REST API; otherwise the development outbox only. */
export function createSmsSender(config: Config): SmsSender {
  if (config.SMS_PROVIDER !== 'msg91') return { async send() {} };
  return {
    async send({ to, text }) {
      const response = await fetch('https://control.msg91.com/api/v5/flow', {
        method: 'POST',
        headers: { authkey: config.MSG91_AUTH_KEY ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({
          template_id: config.MSG91_TEMPLATE_ID,
          sender: config.MSG91_SENDER_ID,
          recipients: [{ mobiles: to.replace(/^\+/, ''), message: text }],
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`MSG91 answered ${response.status}`);
    },
  };
}
