import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Verification (issue 7 point 2): checks, consents, the automatic pass and the review queue. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function verificationRoutes(app: FastifyInstance, deps: FeatureDeps) {}
