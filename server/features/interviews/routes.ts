import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Interviews (issue 7 point 4): scheduling in IST, invites, reminders, scorecards. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function interviewRoutes(app: FastifyInstance, deps: FeatureDeps) {}
