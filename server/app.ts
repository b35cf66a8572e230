import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { SignInEvents } from './auth/sign-in-events.ts';
import { authRoutes } from './auth/routes.ts';
import { createGuards } from './auth/session.ts';
import { registerSessionFence, startSessionCache } from './auth/session-cache.ts';
import { registerAccessControl } from './http/access.ts';
import { startApiKeyGuard } from './features/public-api/api-key-guard.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { JSON_BODY_LIMITS, registerJsonBodies } from './http/json-body.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/static.ts';
import { loggerOptions } from './logger.ts';
import { observabilityOptions, registerObservability } from './observability/observability.ts';
import { startTracing } from './observability/tracing.ts';
import { projectRoot } from './paths.ts';
import { OutboxDispatcher } from './messaging/outbox.ts';
import { createEmailSender, createSmsSender } from './messaging/providers.ts';
import { createWhatsAppSender } from './messaging/whatsapp/provider.ts';
import { whatsappWebhookRoutes } from './messaging/whatsapp/webhook.ts';
import { whatsappOptInRoutes } from './features/whatsapp/routes.ts';
import { createPendingBatcher } from './features/notifications/pending-batcher.ts';
import { closeLiveSockets, registerLiveUpdates } from './realtime/hub.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { healthRoutes, type Lifecycle } from './features/health/routes.ts';
import { mfaRoutes } from './features/mfa/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { siteRoutes } from './features/site/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { employerOnboardingRoutes } from './features/employer-onboarding/routes.ts';
import { employerSignupRoutes } from './features/employer-signup/routes.ts';
import type { FeatureDeps } from './features/feature-deps.ts';
import { publicJobsRoutes } from './features/public-jobs/routes.ts';
import { jobApplicationRoutes } from './features/job-applications/routes.ts';
import { jobsRoutes } from './features/jobs/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { accountRoutes } from './features/account/routes.ts';
import { seoRoutes } from './features/site/seo.ts';
import { companySettingsRoutes } from './features/company-settings/routes.ts';
import { candidateRegistrationRoutes } from './features/candidate-registration/routes.ts';
import { candidateDocumentRoutes } from './features/candidate-documents/routes.ts';
import { createFileStorage } from './storage/create-file-storage.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { adminUsersRoutes } from './features/admin-users/routes.ts';
import { auditLogsRoutes } from './features/audit-logs/routes.ts';
import { supportChatRoutes } from './features/support-chat/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { pipelineRoutes } from './features/pipeline/routes.ts';
import { candidateInvitationRoutes } from './features/candidate-invitations/routes.ts';
import { createVerificationRoutes } from './features/verification/routes.ts';
import { createEpfoRoutes } from './features/verification/epfo-routes.ts';
import { createEpfoLookups } from './features/verification/lookups/epfo-lookups-setup.ts';
import type { EpfoLookupWorker } from './features/verification/lookups/lookup-worker.ts';
import { createDocumentReads } from './features/verification/reading/ocr/document-reads.ts';
import type { DocumentReadWorker } from './features/verification/reading/ocr/read-worker.ts';
import type { EpfoHistoryProvider } from './features/verification/sources/epfo/provider.ts';
import { candidateSearchRoutes } from './features/candidate-search/routes.ts';
import { interviewRoutes } from './features/interviews/routes.ts';
import { employmentRoutes } from './features/employment/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { developersRoutes } from './features/developers/routes.ts';
import { publicApiRoutes } from './features/public-api/routes.ts';
import { WebhookDispatcher } from './features/webhooks/dispatcher.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { registerOpenApi } from './features/public-api/openapi.ts';
import { unmatchedV1 } from './features/public-api/problem.ts';
import { registerApiReference } from './features/public-api/api-reference.ts';
import { checkRequestRoutes } from './features/verification/check-request-routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { companyDocumentsRoutes } from './features/candidate-documents/company-documents-routes.ts';
import { letterRoutes } from './features/letters/routes.ts';
import { offerRoutes } from './features/offers/routes.ts';
import { privacyRoutes } from './features/privacy/routes.ts';
import { PrivacyJobs } from './features/privacy/jobs.ts';
import { listenToSignIns } from './features/privacy/on-sign-in.ts';
import { digilockerRoutes } from './features/digilocker/routes.ts';
import { candidateEmailRoutes } from './features/candidate-emails/routes.ts';
import { ApplicationDigests } from './features/candidate-emails/application-digest.ts';
import { ScorecardReminders } from './features/interviews/scorecard-reminders.ts';
import { registerReadYourWrites } from './http/public-reads.ts';

const rootDir = projectRoot;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the built web app lives; defaults to ./dist. */
  distDir?: string;
  /** The time now, for plan dates; tests pass one they can move. */
  clock?: () => Date;
  /** false skips the plan's limit checks on Apply and job creation: only `npm run bench` sets it, to measure what they cost. */
  planLimits?: boolean;
  /** Replaces the EPFO provider UAN_PROVIDER names: tests take one down and bring it back, or point one at a local fake. */
  uanProvider?: EpfoHistoryProvider | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    database: Database;
    outbox: OutboxDispatcher;
    webhooks: WebhookDispatcher;
    privacyJobs: PrivacyJobs;
    /** The daily digest of new applications (issue 36 §2): runOnce() in tests. */
    applicationDigests: ApplicationDigests;
    /** Missing scorecards reminded a day after the interview (issue 36 §4): runOnce() in tests. */
    scorecardReminders: ScorecardReminders;
    epfoLookups: EpfoLookupWorker;
    /** Scans read by OCR (issue 35): runOnce() in tests and the seed. */
    documentReads: DocumentReadWorker;
    config: Config;
    /** Set draining by server.ts on SIGTERM: /api/ready answers 503 while requests are still served. */
    lifecycle: Lifecycle;
  }
}

/** Builds the whole app without listening: tests call inject() on it, server.ts listens. */
export async function buildApp({ config, database, distDir = path.join(rootDir, 'dist'), clock = () => new Date(), planLimits = true, uanProvider }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    ...observabilityOptions(config),
    // 100 KB unless a route asks for more (json-body.ts).
    bodyLimit: JSON_BODY_LIMITS.bytes,
    // Ask the database about health before the load balancer keeps sending traffic.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await startTracing(app, config, database); // first: a request's span covers every hook and statement after it
  // Before any route, so every one inherits it (the better-auth bridge too): depth-checked JSON.
  registerJsonBodies(app);

  const outbox = new OutboxDispatcher({
    db: database.db,
    email: createEmailSender(config),
    sms: createSmsSender(config),
    whatsapp: createWhatsAppSender(config),
    logger: app.log,
    devOutboxDir: config.isProduction ? undefined : path.join(config.DATA_DIR, 'outbox'),
    printDevCopies: config.NODE_ENV === 'development',
  });
  // Auth announces sign-ins; privacy listens (below), so auth imports no feature (issue 33 D).
  const signInEvents = new SignInEvents();
  const auth = createAuth({ config, database, onMessageQueued: () => outbox.kick(), signInEvents, clock });
  const guards = createGuards(auth, database);
  // Resolved sessions kept a few seconds, dropped on every instance when anything about them changes.
  const stopSessionCache = await startSessionCache(database, config.SESSION_CACHE_SECONDS * 1000);
  // A write answers only once this instance (and, for a change it heard, every other) has heard what it changed (decision record 0008).
  registerSessionFence(app, database);
  app.decorate('auth', auth);
  app.decorate('database', database);
  app.decorate('outbox', outbox);
  app.decorate('config', config);
  // With a read replica: a write's answer keeps the writer's next reads on the primary (decision record 0031).
  registerReadYourWrites(app, { database, secure: config.isProduction });

  registerErrorHandler(app);
  const metrics = registerObservability(app, { config, database, clock });
  // First, so every answer carries its headers, a refusal too, and a cross-site write is refused
  // before any session is looked up.
  await registerSecurity(app, config);
  const apiKeys = await startApiKeyGuard(database, clock, config.SESSION_CACHE_SECONDS * 1000);
  registerAccessControl(app, guards, apiKeys.guard);
  await app.register(compress, { global: true, threshold: 1024 });
  // Per person when signed in, per address when not, counted in the database every instance shares.
  await registerRateLimits(app, { config, database });
  closeLiveSockets(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, config);
  await registerApiReference(app);

  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  await app.register(healthRoutes, { database, lifecycle });
  await app.register(authRoutes, { auth, database });
  await app.register(siteRoutes, { config });
  await app.register(profileRoutes, { database, auth });
  await app.register(mfaRoutes, { auth, database, config, onMessageQueued: () => outbox.kick() });
  await app.register(adminRoutes, { database });
  const storage = createFileStorage(config);
  const deps: FeatureDeps = { config, database, auth, storage, onMessageQueued: () => outbox.kick(), clock, planLimits };
  // Data rights in the background (issue 18): exports built and expired, on any instance.
  const privacyJobs = new PrivacyJobs({
    db: database.db,
    storage,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    now: clock,
    retention: { inactiveYears: config.RETENTION_INACTIVE_YEARS, unsubmittedDays: config.RETENTION_UNSUBMITTED_DAYS },
  });
  app.decorate('privacyJobs', privacyJobs);
  const applicationDigests = new ApplicationDigests({ db: database.db, publicUrl: config.PUBLIC_URL, now: clock, onMessageQueued: () => outbox.kick(), log: app.log });
  app.decorate('applicationDigests', applicationDigests);
  const scorecardReminders = new ScorecardReminders({ db: database.db, publicUrl: config.PUBLIC_URL, now: clock, onMessageQueued: () => outbox.kick(), log: app.log });
  app.decorate('scorecardReminders', scorecardReminders);
  listenToSignIns(signInEvents, { db: database.db, onMessageQueued: () => outbox.kick() });
  await app.register(waitlistRoutes, deps);
  await app.register(employerSignupRoutes, deps);
  await app.register(employerOnboardingRoutes, deps);
  await app.register(publicJobsRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(jobApplicationRoutes, deps);
  await app.register(jobsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(teamRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(companySettingsRoutes, deps);
  await app.register(seoRoutes, deps);
  await app.register(candidateRegistrationRoutes, deps);
  await app.register(candidateDocumentRoutes, deps);
  await app.register(adminUsersRoutes, deps);
  await app.register(auditLogsRoutes, deps);
  await app.register(supportChatRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(pipelineRoutes, deps);
  await app.register(candidateInvitationRoutes, deps);
  // EPFO lookups (issue 34): queued by consents and refreshes, asked by whichever instance claims them.
  const epfo = createEpfoLookups({ config, database, log: app.log, clock, provider: uanProvider, onMessageQueued: () => outbox.kick() });
  const epfoLookups = epfo.worker;
  app.decorate('epfoLookups', epfoLookups);
  const documentReads = createDocumentReads({ database, storage, log: app.log, clock, workers: config.OCR_WORKERS });
  app.decorate('documentReads', documentReads.worker);
  await app.register(createVerificationRoutes({ uanProvider: epfo.provider, onLookupQueued: () => epfoLookups.kick(), onReadQueued: () => documentReads.worker.kick() }), deps);
  await app.register(createEpfoRoutes({ provider: epfo.provider, onLookupQueued: () => epfoLookups.kick() }), deps);
  await app.register(checkRequestRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(companyDocumentsRoutes, deps);
  await app.register(letterRoutes, deps);
  await app.register(offerRoutes, deps);
  await app.register(privacyRoutes, deps);
  await app.register(candidateSearchRoutes, deps);
  await app.register(interviewRoutes, deps);
  await app.register(employmentRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(developersRoutes, deps);
  await app.register(publicApiRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(digilockerRoutes, deps);
  await app.register(candidateEmailRoutes, deps);
  // WhatsApp (issue 36 §3): the candidate's opt-in, and Meta's delivery-status webhook.
  await app.register(whatsappOptInRoutes, deps);
  await app.register(whatsappWebhookRoutes, { db: database.db, appSecret: config.WHATSAPP_APP_SECRET, verifyToken: config.WHATSAPP_VERIFY_TOKEN, clock });
  // Webhook deliveries: sent by whichever instance hears of them first (pg_notify) or polls.
  const webhooks = new WebhookDispatcher({ db: database.db, logger: app.log, clock, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE, publicUrl: config.PUBLIC_URL, onMessageQueued: () => outbox.kick() });
  app.decorate('webhooks', webhooks);
  let stopWebhookListener: (() => Promise<void>) | undefined;
  const pending = createPendingBatcher(database.db);
  await app.register(registerLiveUpdates, { config, database, guards, greeting: async (session) => ({ pending: await pending.pendingFor(session.userId) }), countSockets: metrics.countLiveSockets });
  await registerWebApp(app, distDir, { unmatchedPublicApi: unmatchedV1(app.declaredRoutes, config.PUBLIC_URL) });

  app.addHook('onReady', async () => {
    outbox.start();
    stopWebhookListener = await database.listen('webhook_deliveries', () => webhooks.kick(), () => webhooks.kick());
    webhooks.start();
    privacyJobs.start();
    applicationDigests.start();
    scorecardReminders.start();
    await epfo.start();
    await documentReads.start();
  });
  app.addHook('onClose', async () => {
    await stopSessionCache();
    await apiKeys.stop();
    await stopWebhookListener?.();
    await webhooks.stop();
    await privacyJobs.stop();
    await applicationDigests.stop();
    await scorecardReminders.stop();
    await epfo.stop();
    await documentReads.stop();
    await outbox.stop();
    await storage.close?.();
  });
  return app;
}
