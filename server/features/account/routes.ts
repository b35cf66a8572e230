import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Settings → Your account (issue 13): name, email change, password change, active sessions. */
export async function accountRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
