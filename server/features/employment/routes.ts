import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Onboard and Manage, and the portable record (issue 7 points 5 and 6). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function employmentRoutes(app: FastifyInstance, deps: FeatureDeps) {}
