import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../feature-deps.ts';

/** Candidate registration: email code, phone code, UAN, personal and professional details. */
export async function candidateRegistrationRoutes(app: FastifyInstance, deps: FeatureDeps) {
  void app;
  void deps;
}
