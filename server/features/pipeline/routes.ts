import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Pipeline (issue 7 point 1): stages, history, bulk reject, drives and sources. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function pipelineRoutes(app: FastifyInstance, deps: FeatureDeps) {}
