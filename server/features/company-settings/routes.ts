import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Settings → Company, Billing profile, Candidate emails (issue 13). */
export async function companySettingsRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
