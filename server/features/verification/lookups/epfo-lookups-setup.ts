import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { createEpfoProvider } from '../sources/epfo/create-provider.ts';
import { developmentOtpSender } from '../sources/epfo/development-sms.ts';
import type { EpfoHistoryProvider } from '../sources/epfo/provider.ts';
import { EPFO_LOOKUPS_POLL_MS, EpfoLookupWorker } from './lookup-worker.ts';
import { EPFO_LOOKUPS_CHANNEL } from './queue-lookup.ts';

/**
 * EPFO lookups (issue 34) for one app: the provider UAN_PROVIDER names (or the one a test or the
 * bench passes), and the worker that asks it for lookups queued by consents and refreshes on any
 * instance. With EPFO_LOOKUP_SLOTS=0 this instance only queues them: it neither listens nor polls,
 * and instances with slots ask the provider.
 */
export function createEpfoLookups(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Replaces the provider UAN_PROVIDER names (undefined: use the setting). */
  provider?: EpfoHistoryProvider | null;
  onMessageQueued: () => void;
}) {
  const { config, database, clock } = deps;
  const provider =
    deps.provider !== undefined
      ? deps.provider
      : createEpfoProvider({
          provider: config.UAN_PROVIDER,
          nodeEnv: config.NODE_ENV,
          urls: { surepass: config.SUREPASS_API_URL, hyperverge: config.HYPERVERGE_API_URL },
          keys: { surepassToken: config.SUREPASS_TOKEN, hypervergeAppId: config.HYPERVERGE_APP_ID, hypervergeAppKey: config.HYPERVERGE_APP_KEY },
          now: clock,
          developmentOtp: { secret: config.AUTH_SECRET, sendCode: developmentOtpSender(database.db, deps.onMessageQueued) },
        });
  const worker = new EpfoLookupWorker({ db: database.db, provider, log: deps.log, clock, slots: config.EPFO_LOOKUP_SLOTS });
  const asks = config.EPFO_LOOKUP_SLOTS !== 0;
  let stopListening: (() => Promise<void>) | undefined;
  return {
    provider,
    worker,
    async start(): Promise<void> {
      if (!asks) return;
      stopListening = await database.listen(EPFO_LOOKUPS_CHANNEL, () => worker.kick(), () => worker.kick());
      worker.start(EPFO_LOOKUPS_POLL_MS);
    },
    async stop(): Promise<void> {
      await stopListening?.();
      await worker.stop();
    },
  };
}
