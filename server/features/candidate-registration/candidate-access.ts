import type { FastifyRequest } from 'fastify';
import { messages } from '../../../shared/messages.ts';
import { sessionOf } from '../../http/access.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * The one place the candidate routes decide who may call them: a signed-in candidate ('user'
 * access has already been enforced). Employers and admins get 403 before the body is read.
 * Every query after this is scoped by the session's user id, never by anything in the request.
 */
export async function candidatesOnly(request: FastifyRequest): Promise<void> {
  const session = sessionOf(request);
  if (session.profile.role !== 'candidate') {
    request.log.warn({ userId: session.userId, role: session.profile.role, url: request.url, event: 'candidate-route-refused' }, 'candidate route refused');
    throw forbidden(messages.candidate.registration.candidatesOnly, 'CANDIDATES_ONLY');
  }
}

