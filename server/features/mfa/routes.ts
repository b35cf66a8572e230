import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';

export interface MfaDeps {
  auth: Auth;
  database: Database;
  config: Config;
  onMessageQueued: () => void;
}

export async function mfaRoutes(_app: FastifyInstance, _deps: MfaDeps) {}
