import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Handpick (issue 7 point 3): candidate search over a company's applicants, saved searches, career profile. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function candidateSearchRoutes(app: FastifyInstance, deps: FeatureDeps) {}
