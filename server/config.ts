import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { WHATSAPP_DEFAULT_API_URL } from './messaging/whatsapp/client.ts';

/**
 * Every setting the server reads, validated once at start-up. Nothing else in the
 * server reads process.env: pass the parsed Config down instead.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    // A PostgreSQL hot standby for anonymous public reads (board, job and company pages, sitemap;
    // decision record 0031). Needs DATABASE_URL. Skipped for the primary while down or lagging
    // more than REPLICA_MAX_LAG_SECONDS; signed-in reads, and a person's reads just after a write, stay on the primary.
    DATABASE_REPLICA_URL: optionalUrl,
    REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
    // Where npm run backup / restore find pg_dump and pg_restore; unset: PATH, then /usr/lib/postgresql/<newest>/bin.
    PG_BIN: optionalString,
    PUBLIC_URL: optionalUrl,
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    // After SIGTERM, how long the instance keeps serving while /api/ready answers 503, so a load
    // balancer takes it out of rotation before it stops listening (a rolling restart fails no
    // request). Above the balancer's health-check interval × fall count; 0 stops at once.
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // GET /metrics (issue 37 §4): Prometheus reads it with Authorization: Bearer <METRICS_TOKEN>.
    // Unset: /metrics answers 404. In production at least 32 characters.
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it travels in a header)').optional()),
    // OpenTelemetry traces (issue 37 §4), off unless set: the OTLP/HTTP collector's base address
    // (spans go to {it}/v1/traces as OTLP JSON). The exporter also reads OTEL_EXPORTER_OTLP_HEADERS.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default('workcred')),
    // The share of requests traced (an incoming traceparent's decision is followed, with TRUST_PROXY).
    OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(1)),
    // Milliseconds between two exports of finished spans.
    OTEL_BSP_SCHEDULE_DELAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(60_000).default(5000)),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('WorkCred <no-reply@workcred.in>'),
    // Issue 18: the Grievance Officer named on /privacy, who receives grievances and their 60-day warnings.
    GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(100).default('Grievance Officer, WorkCred'),
    GRIEVANCE_OFFICER_EMAIL: z.email().default('grievance@workcred.in'),
    // Issue 18: candidates inactive this long are erased (after 48 hours' notice); unfinished registrations after RETENTION_UNSUBMITTED_DAYS.
    RETENTION_INACTIVE_YEARS: z.coerce.number().int().min(1).max(20).default(3),
    RETENTION_UNSUBMITTED_DAYS: z.coerce.number().int().min(7).max(3650).default(90),
    SMS_PROVIDER: z.enum(['outbox', 'msg91']).default('outbox'),
    MSG91_AUTH_KEY: optionalString,
    MSG91_TEMPLATE_ID: optionalString,
    MSG91_SENDER_ID: optionalString,
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('ap-south-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    // Unset: path-style addressing (https://host/bucket/key) when S3_ENDPOINT is set, as MinIO,
    // Ceph and s3rver need; virtual-hosted style (https://bucket.host/key) on AWS itself.
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    // How long one upload may take; the route aborts it then, and the storage sweeper reclaims
    // files of uploads older than this (a crashed server's half-written files).
    UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(24 * 60 * 60).default(900),
    // How long a resolved session is kept in memory (server/auth/session-cache.ts); every change to
    // it is heard at once on every instance, this only bounds a lost notification. 0: no cache.
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(15),
    // Requests one person (signed in) or one address (signed out) may make per minute on routes
    // without a budget of their own; counted in the database, so every instance shares it.
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    // The public API's budget per key: this many requests per window (issue 16), shared by every instance.
    API_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(100),
    API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    // Webhook endpoints on loopback or private addresses: refused in production unless true (an
    // on-premises HRMS), allowed outside production so a developer can receive on localhost.
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()),
    // How long the public job page and board answers are kept in memory and by CDNs (s-maxage).
    // A job's change is heard at once on every instance; this bounds an expiry passing. 0: off.
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    // How long a company's job list (GET /api/jobs) is kept in memory. Any change to its jobs or
    // their applications is heard at once on every instance; this bounds a lost notification. 0: off.
    COMPANY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    // Scans read by OCR at once on this instance (issue 35): unset, the cores less one (at most 4);
    // 0, this instance reads none and leaves them to the others.
    OCR_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(32).optional()),
    // EPFO lookups this instance asks at once (issue 34; each mostly waits on the provider): unset,
    // 16; 0, this instance queues them (consents, refreshes) and leaves asking to instances that
    // have slots, so a provider's answers cost the instances serving pages nothing.
    EPFO_LOOKUP_SLOTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(64).optional()),
    // The EPFO employment-history provider behind the UAN check (server/features/verification/sources/epfo/).
    // surepass | hyperverge: a licensed provider (keys below); development: a fixed table of UANs
    // (README), the default outside production and refused in production; none: the verification
    // team checks UANs by hand. In production it must be set.
    UAN_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['surepass', 'hyperverge', 'development', 'none']).optional()),
    SUREPASS_API_URL: optionalUrl,
    SUREPASS_TOKEN: optionalString,
    HYPERVERGE_API_URL: optionalUrl,
    HYPERVERGE_APP_ID: optionalString,
    HYPERVERGE_APP_KEY: optionalString,
    // DigiLocker (issue 34 §4): candidates bring issued documents (marksheets, degrees).
    // digilocker: DigiLocker's Authorized Partner API with the client below; development: a local
    // consent page and sample documents, the default outside production and refused in production;
    // none: no DigiLocker (the default in production).
    DIGILOCKER_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['digilocker', 'development', 'none']).optional()),
    DIGILOCKER_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://digilocker.meripehchaan.gov.in/public')),
    DIGILOCKER_CLIENT_ID: optionalString,
    DIGILOCKER_CLIENT_SECRET: optionalString,
    // As registered with DigiLocker; default {PUBLIC_URL}/api/digilocker/callback.
    DIGILOCKER_REDIRECT_URI: optionalUrl,
    // WhatsApp (issue 36 §3): approved template messages to candidates who opt in.
    // cloud: Meta's WhatsApp Business Cloud API with the four values below; development: messages
    // go only to the development outbox, the default outside production and refused in production;
    // none: no WhatsApp (the default in production).
    WHATSAPP_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['cloud', 'development', 'none']).optional()),
    WHATSAPP_API_URL: z.preprocess(emptyToUndefined, z.url().default(WHATSAPP_DEFAULT_API_URL)),
    WHATSAPP_PHONE_NUMBER_ID: optionalString,
    WHATSAPP_ACCESS_TOKEN: optionalString,
    // The Meta app's secret: signs every webhook call (X-Hub-Signature-256).
    WHATSAPP_APP_SECRET: optionalString,
    // Chosen by you and entered in the app's webhook settings; Meta sends it back when it verifies the URL.
    WHATSAPP_VERIFY_TOKEN: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, 'must be at least 12 characters long').optional()),
    ADMIN_NAME: z.string().default('WorkCred Admin'),
    // Payments (issue 15). development: a local test-mode checkout that charges nothing, so the
    // app runs with no keys; razorpay: Razorpay Subscriptions with the keys and plan ids below.
    PAYMENTS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['development', 'razorpay']).default('development')),
    RAZORPAY_KEY_ID: optionalString,
    RAZORPAY_KEY_SECRET: optionalString,
    // The secret set on the webhook in Razorpay's dashboard; signs every event (X-Razorpay-Signature).
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    RAZORPAY_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.razorpay.com/v1')),
    // Razorpay plan ids (plan_...) of the monthly plans and the background checks add-on's price.
    RAZORPAY_PLAN_STARTER: optionalString,
    RAZORPAY_PLAN_PROFESSIONAL: optionalString,
    // Starter with the background-check add-on: a plan of its own at Starter's price plus the add-on's.
    RAZORPAY_PLAN_STARTER_CHECKS: optionalString,
    // Who issues the GST tax invoices: the supplier's legal name, GSTIN, address and state.
    SUPPLIER_LEGAL_NAME: z.string().default('WorkCred Technologies Private Limited'),
    SUPPLIER_GSTIN: z.preprocess(emptyToUndefined, z.string().regex(/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a GSTIN').default('29AACCW1234M1Z3')),
    SUPPLIER_ADDRESS: z.string().default('4th Floor, 100 Feet Road, Indiranagar, Bengaluru 560038'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      if (!env.AUTH_SECRET) ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
      if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (email confirmation and password reset send mail)' });
    }
    if (env.SMS_PROVIDER === 'msg91' && (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_ID)) {
      ctx.addIssue({ code: 'custom', path: ['MSG91_AUTH_KEY'], message: 'MSG91_AUTH_KEY and MSG91_TEMPLATE_ID are required when SMS_PROVIDER=msg91' });
    }
    if (env.STORAGE_DRIVER === 's3' && (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_ID'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
    }
    if (env.PAYMENTS_PROVIDER === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_PLAN_STARTER', 'RAZORPAY_PLAN_PROFESSIONAL'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENTS_PROVIDER=razorpay' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.UAN_PROVIDER) {
      ctx.addIssue({ code: 'custom', path: ['UAN_PROVIDER'], message: 'is required in production: surepass, hyperverge or none' });
    }
    if (env.NODE_ENV === 'production' && env.UAN_PROVIDER === 'development') {
      ctx.addIssue({ code: 'custom', path: ['UAN_PROVIDER'], message: 'development answers from a fixed table and is refused in production: set surepass, hyperverge or none' });
    }
    if (env.UAN_PROVIDER === 'surepass' && !env.SUREPASS_TOKEN) ctx.addIssue({ code: 'custom', path: ['SUREPASS_TOKEN'], message: 'is required when UAN_PROVIDER=surepass' });
    if (env.UAN_PROVIDER === 'hyperverge' && (!env.HYPERVERGE_APP_ID || !env.HYPERVERGE_APP_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['HYPERVERGE_APP_ID'], message: 'HYPERVERGE_APP_ID and HYPERVERGE_APP_KEY are required when UAN_PROVIDER=hyperverge' });
    }
    if (env.NODE_ENV === 'production' && env.DIGILOCKER_PROVIDER === 'development') {
      ctx.addIssue({ code: 'custom', path: ['DIGILOCKER_PROVIDER'], message: 'development serves sample documents and is refused in production: set digilocker or none' });
    }
    if (env.DIGILOCKER_PROVIDER === 'digilocker' && (!env.DIGILOCKER_CLIENT_ID || !env.DIGILOCKER_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['DIGILOCKER_CLIENT_ID'], message: 'DIGILOCKER_CLIENT_ID and DIGILOCKER_CLIENT_SECRET are required when DIGILOCKER_PROVIDER=digilocker' });
    }
    if (env.NODE_ENV === 'production' && env.WHATSAPP_PROVIDER === 'development') {
      ctx.addIssue({ code: 'custom', path: ['WHATSAPP_PROVIDER'], message: 'development sends nothing and is refused in production: set cloud or none' });
    }
    if (env.WHATSAPP_PROVIDER === 'cloud') {
      for (const key of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when WHATSAPP_PROVIDER=cloud' });
      }
    }
    if (env.NODE_ENV === 'production' && env.METRICS_TOKEN !== undefined && env.METRICS_TOKEN.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: 'must be at least 32 characters long in production' });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URL'], message: 'needs DATABASE_URL: the embedded database (PGlite) has no replica' });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'AUTH_SECRET' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'WEBHOOKS_ALLOW_PRIVATE' | 'UAN_PROVIDER' | 'DIGILOCKER_PROVIDER' | 'DIGILOCKER_REDIRECT_URI' | 'WHATSAPP_PROVIDER'> {
  /** development unless set, outside production; none unless set, in production. */
  WHATSAPP_PROVIDER: 'cloud' | 'development' | 'none';
  /** development unless set, outside production; none unless set, in production. */
  DIGILOCKER_PROVIDER: 'digilocker' | 'development' | 'none';
  DIGILOCKER_REDIRECT_URI: string;
  /** development unless set, outside production (where it must be set). */
  UAN_PROVIDER: 'surepass' | 'hyperverge' | 'development' | 'none';
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  TRUST_PROXY: boolean;
  /** Whether webhook endpoints may be on loopback or private addresses (default: outside production only). */
  WEBHOOKS_ALLOW_PRIVATE: boolean;
  isProduction: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    AUTH_SECRET: env.AUTH_SECRET ?? readOrCreateDevSecret(dataDir),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    TRUST_PROXY: env.TRUST_PROXY === 'true',
    WEBHOOKS_ALLOW_PRIVATE: env.WEBHOOKS_ALLOW_PRIVATE === undefined ? env.NODE_ENV !== 'production' : env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    UAN_PROVIDER: env.UAN_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'development'),
    DIGILOCKER_PROVIDER: env.DIGILOCKER_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'development'),
    WHATSAPP_PROVIDER: env.WHATSAPP_PROVIDER ?? (env.NODE_ENV === 'production' ? 'none' : 'development'),
    DIGILOCKER_REDIRECT_URI: env.DIGILOCKER_REDIRECT_URI ?? `${(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')}/api/digilocker/callback`,
    isProduction: env.NODE_ENV === 'production',
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
