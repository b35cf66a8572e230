import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

export async function teamRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
