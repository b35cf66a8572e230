import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

export async function dashboardRoutes(_app: FastifyInstance, _deps: FeatureDeps) {}
