import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

export async function jobsRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
