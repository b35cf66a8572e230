import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Candidate documents: PDF uploads through the storage interface, and who may read them. */
export async function candidateDocumentRoutes(app: FastifyInstance, deps: FeatureDeps) {
  void app;
  void deps;
}
