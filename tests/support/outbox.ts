import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitFor } from './wait-for.ts';

export interface OutboxRecord {
  channel: 'email' | 'sms' | 'whatsapp';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** Text attachments (an interview's .ics invite). */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
  replyTo?: string;
  /** A WhatsApp message's approved template (issue 36). */
  template?: { name: string; language: string; parameters: string[] };
  createdAt: string;
}

/** Reads DATA_DIR/outbox/ exactly as the README documents it for people. */
export function readOutbox(dataDir: string): OutboxRecord[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as OutboxRecord);
}

export async function waitForMessage(dataDir: string, match: (m: OutboxRecord) => boolean, what = 'an outbox message'): Promise<OutboxRecord> {
  return waitFor(() => readOutbox(dataDir).filter(match).at(-1), { what });
}

export function linkIn(message: OutboxRecord): string {
  const url = /https?:\/\/\S+/.exec(message.text)?.[0];
  if (!url) throw new Error(`No link in message: ${message.text}`);
  return url;
}

export function codeIn(message: OutboxRecord): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No code in message: ${message.text}`);
  return code;
}
