import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** What a feature's routes receive from buildApp. */
export interface FeatureDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** Uploaded files (candidate documents). */
  storage: FileStorage;
  /** Call after writing outbox rows so they are delivered soon. */
  onMessageQueued: () => void;
  /** The time now: plan dates (trial end, grace) are judged by it. Tests move it instead of waiting. */
  clock: () => Date;
  /** The plan's limit checks on Apply and job creation; off only in `npm run bench` (buildApp's planLimits). */
  planLimits: boolean;
}
