import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createWhatsAppSender } from '../../server/messaging/whatsapp/provider.ts';
import { WhatsAppError } from '../../server/messaging/whatsapp/client.ts';
import os from 'node:os';
import path from 'node:path';

const base = { DATA_DIR: path.join(os.tmpdir(), 'workcred-whatsapp-config'), AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://workcred.example.in', SMTP_URL: 'smtp://mail.example.in', UAN_PROVIDER: 'none' };
const cloudKeys = { WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_ACCESS_TOKEN: 'token', WHATSAPP_APP_SECRET: 'secret', WHATSAPP_VERIFY_TOKEN: 'verify' };

/** WHATSAPP_PROVIDER (issue 36 §3): development outside production by default, refused in production; cloud needs its keys. */
describe('WhatsApp configuration', () => {
  it('defaults to development outside production and to none in production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).WHATSAPP_PROVIDER).toBe('development');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).WHATSAPP_PROVIDER).toBe('none');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).WHATSAPP_API_URL).toMatch(/^https:\/\/graph\.facebook\.com\/v\d+\.0$/);
  });

  it('refuses the development provider in production, naming the variable', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', WHATSAPP_PROVIDER: 'development' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', WHATSAPP_PROVIDER: 'development' })).toThrow(/WHATSAPP_PROVIDER: development sends nothing and is refused in production/);
  });

  it('requires the phone number id, token, app secret and verify token for cloud', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', WHATSAPP_PROVIDER: 'cloud' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID[\s\S]*WHATSAPP_ACCESS_TOKEN[\s\S]*WHATSAPP_APP_SECRET[\s\S]*WHATSAPP_VERIFY_TOKEN/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', WHATSAPP_PROVIDER: 'cloud', ...cloudKeys }).WHATSAPP_PROVIDER).toBe('cloud');
  });

  it('picks the sender the variable names; none fails a queued message at once', async () => {
    const config = loadConfig({ ...base, NODE_ENV: 'production', WHATSAPP_PROVIDER: 'cloud', ...cloudKeys });
    expect(createWhatsAppSender(config).name).toBe('cloud');
    const development = createWhatsAppSender({ ...config, WHATSAPP_PROVIDER: 'development' });
    expect(await development.send({ to: '+919876543210', template: { name: 'application_received', language: 'en', parameters: [] } })).toEqual({ id: expect.stringMatching(/^wamid\.development-/), waId: '919876543210' });
    const none = createWhatsAppSender({ ...config, WHATSAPP_PROVIDER: 'none' });
    const error = await none.send({ to: '+919876543210', template: { name: 'application_received', language: 'en', parameters: [] } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WhatsAppError);
    expect(error).toMatchObject({ permanent: true });
  });
});
