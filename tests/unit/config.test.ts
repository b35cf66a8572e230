import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'workcred-config-'));

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({ PORT: 3000, PUBLIC_URL: 'http://localhost:3000', SMS_PROVIDER: 'outbox', STORAGE_DRIVER: 'local', isProduction: false });
  });

  it('generates the development secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).AUTH_SECRET).toBe(first);
  });

  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DATABASE_URL: 'not a url', SMS_PROVIDER: 'pigeon' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SMS_PROVIDER');
  });

  it('requires AUTH_SECRET, PUBLIC_URL and SMTP_URL in production and never writes a secret there', () => {
    const dir = tmp();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required in production/);
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false);
  });

  it('requires provider settings that go together', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY/);
    for (const slots of ['-1', '65', '2.5', 'many']) expect(() => loadConfig({ DATA_DIR: tmp(), EPFO_LOOKUP_SLOTS: slots })).toThrow(/EPFO_LOOKUP_SLOTS/);
    expect(loadConfig({ DATA_DIR: tmp(), EPFO_LOOKUP_SLOTS: '' }).EPFO_LOOKUP_SLOTS).toBeUndefined();
    for (const seconds of ['-1', '121', 'soon']) expect(() => loadConfig({ DATA_DIR: tmp(), SHUTDOWN_DRAIN_SECONDS: seconds })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(loadConfig({ DATA_DIR: tmp() }).SHUTDOWN_DRAIN_SECONDS).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tmp(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'x' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'a@b.in' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('picks the EPFO provider: development by default outside production, explicit in production, never development there (issue 34)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).UAN_PROVIDER).toBe('development');
    expect(loadConfig({ DATA_DIR: tmp(), UAN_PROVIDER: 'none' }).UAN_PROVIDER).toBe('none');
    const production = { DATA_DIR: tmp(), NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://workcred.example', SMTP_URL: 'smtp://127.0.0.1:1' };
    expect(() => loadConfig(production)).toThrow(/UAN_PROVIDER: is required in production/);
    expect(() => loadConfig({ ...production, UAN_PROVIDER: 'development' })).toThrow(/UAN_PROVIDER: development answers from a fixed table and is refused in production/);
    expect(loadConfig({ ...production, UAN_PROVIDER: 'none' }).UAN_PROVIDER).toBe('none');
    expect(() => loadConfig({ DATA_DIR: tmp(), UAN_PROVIDER: 'surepass' })).toThrow(/SUREPASS_TOKEN: is required when UAN_PROVIDER=surepass/);
    expect(() => loadConfig({ DATA_DIR: tmp(), UAN_PROVIDER: 'hyperverge', HYPERVERGE_APP_ID: 'a' })).toThrow(/HYPERVERGE_APP_KEY are required/);
    expect(() => loadConfig({ DATA_DIR: tmp(), UAN_PROVIDER: 'epfo' })).toThrow(/UAN_PROVIDER/);
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters in production; unset, /metrics is off (issue 37 §4)', () => {
    const production = { DATA_DIR: tmp(), NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://workcred.example', SMTP_URL: 'smtp://127.0.0.1:1', UAN_PROVIDER: 'none' };
    expect(() => loadConfig({ ...production, METRICS_TOKEN: 'm'.repeat(31) })).toThrow(/METRICS_TOKEN: must be at least 32 characters long in production/);
    expect(loadConfig({ ...production, METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN).toBe('m'.repeat(32));
    expect(loadConfig({ ...production, METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: 'short' }).METRICS_TOKEN).toBe('short');
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: 'has a space in it' })).toThrow(/METRICS_TOKEN: must be printable ASCII without spaces/);
  });
});
