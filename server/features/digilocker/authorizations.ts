import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { messages } from '../../../shared/messages.ts';
import type { SessionContext } from '../../auth/session.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import { codeChallengeOf, createCodeVerifier, createState, hashState } from '../verification/sources/digilocker/pkce.ts';
import { DigilockerInvalidGrant, type DigilockerProvider } from '../verification/sources/digilocker/provider.ts';
import { requireCandidate } from './issued-documents.ts';
import { providerFailure } from './provider-failure.ts';
import { CONNECTION_SECONDS, sealConnection } from './token-cookie.ts';

const text = messages.digilocker;

/** A sign-in at DigiLocker must come back within this; the state and verifier are dead after it. */
export const AUTHORIZATION_SECONDS = 600;
/** Used and expired rows are kept this long for support questions, then removed by the next start. */
const KEEP_SECONDS = 24 * 60 * 60;

export interface AuthorizationDeps {
  db: Kysely<DB>;
  provider: DigilockerProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  secret: string;
}

/** POST /api/digilocker/authorizations: a fresh state and PKCE verifier, kept for this session; the address of DigiLocker's consent. */
export async function startAuthorization(deps: AuthorizationDeps, session: SessionContext): Promise<{ url: string }> {
  const candidateId = requireCandidate(session);
  const now = deps.clock();
  const state = createState();
  const verifier = createCodeVerifier();
  await deps.db.deleteFrom('digilocker_authorizations').where('expires_at', '<', new Date(now.getTime() - KEEP_SECONDS * 1000)).execute();
  await deps.db
    .insertInto('digilocker_authorizations')
    .values({ candidate_id: candidateId, session_id: session.sessionId, state_hash: hashState(state), code_verifier: verifier, created_at: now, expires_at: new Date(now.getTime() + AUTHORIZATION_SECONDS * 1000) })
    .execute();
  return { url: deps.provider.authorizeUrl({ state, codeChallenge: codeChallengeOf(verifier) }) };
}

export type CallbackOutcome = { kind: 'connected'; sealed: string; maxAgeSeconds: number } | { kind: 'denied' };

/**
 * GET /api/digilocker/callback: the state is consumed (once, by the candidate and session that
 * started it, within ten minutes), then the code is exchanged with the verifier. Any other state
 * is refused with nothing written: unknown (400), another session's (403), expired or used (410).
 */
export async function completeCallback(deps: AuthorizationDeps, session: SessionContext, query: { code?: string | undefined; state?: string | undefined; error?: string | undefined }): Promise<CallbackOutcome> {
  const candidateId = requireCandidate(session);
  if (!query.state) throw badRequest(text.invalidState, 'DIGILOCKER_STATE_INVALID');
  const now = deps.clock();
  const stateHash = hashState(query.state);
  const consumed = await deps.db
    .updateTable('digilocker_authorizations')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('candidate_id', '=', candidateId)
    .where('session_id', '=', session.sessionId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['code_verifier'])
    .executeTakeFirst();
  if (!consumed) {
    const row = await deps.db.selectFrom('digilocker_authorizations').select(['candidate_id', 'session_id']).where('state_hash', '=', stateHash).executeTakeFirst();
    deps.log.info({ candidateId, known: Boolean(row) }, 'digilocker callback refused');
    if (!row) throw badRequest(text.invalidState, 'DIGILOCKER_STATE_INVALID');
    if (row.candidate_id !== candidateId || row.session_id !== session.sessionId) throw forbidden(text.wrongSession, 'DIGILOCKER_WRONG_SESSION');
    throw new AppError(410, 'DIGILOCKER_STATE_EXPIRED', text.expiredState);
  }
  // The candidate said no at DigiLocker (access_denied), or DigiLocker sent no code.
  if (query.error) return { kind: 'denied' };
  if (!query.code) throw badRequest(text.codeRefused, 'DIGILOCKER_CODE_REFUSED');
  let token;
  try {
    token = await deps.provider.exchangeCode({ code: query.code, codeVerifier: consumed.code_verifier });
  } catch (error) {
    if (error instanceof DigilockerInvalidGrant) throw badRequest(text.codeRefused, 'DIGILOCKER_CODE_REFUSED');
    throw providerFailure(error, deps.log);
  }
  const seconds = Math.min(token.expiresIn, CONNECTION_SECONDS);
  const sealed = sealConnection(deps.secret, { accessToken: token.accessToken, holderName: token.name, candidateId, sessionId: session.sessionId, expiresAt: now.getTime() + seconds * 1000 });
  return { kind: 'connected', sealed, maxAgeSeconds: seconds };
}
