import { completeCallback, startAuthorization } from '../features/digilocker/authorizations.ts';
import { importIssuedDocuments } from '../features/digilocker/import-documents.ts';
import { createDevelopmentDigilocker, DEVELOPMENT_SAMPLES } from '../features/verification/sources/digilocker/development.ts';
import type { DemoCandidate } from './demo-cast.ts';
import { SEED_IP, sessionFor, type SeedContext } from './seed-demo-context.ts';

/** The development DigiLocker's degree: VTU's B.Tech in Computer Science and Engineering, R V College of Engineering, 2019. */
const DEGREE_URI = 'in.ac.vtu-DGCER-1RV15CS042';

/**
 * Issue 34 §7: Arjun brings his degree from DigiLocker, through the functions the routes call and
 * the development provider (the demo runs without keys): the start (state and PKCE verifier), the
 * consent screen's Allow (the code it issues), the callback and the import. It is stored as his
 * document, issued by VTU and verified by its issuer, confirming the education on his profile;
 * Nimbus, where he applied, sees it in his application panel.
 */
export async function seedDigilocker(context: SeedContext, candidates: Map<string, { id: string; spec: DemoCandidate }>): Promise<void> {
  const { app, db, storage } = context;
  const arjun = candidates.get('arjun');
  if (!arjun) throw new Error('no demo candidate arjun');
  if (!DEVELOPMENT_SAMPLES.some((sample) => sample.uri === DEGREE_URI)) throw new Error(`the development DigiLocker no longer offers ${DEGREE_URI}`);
  const { config } = app;
  const provider = createDevelopmentDigilocker({ nodeEnv: 'development', secret: config.AUTH_SECRET, publicUrl: config.PUBLIC_URL, redirectUri: config.DIGILOCKER_REDIRECT_URI });
  const deps = { db, storage, provider, clock: () => new Date(), log: app.log, secret: config.AUTH_SECRET };
  const session = await sessionFor(db, arjun.id);

  const consent = new URL((await startAuthorization(deps, session)).url);
  const state = consent.searchParams.get('state');
  const codeChallenge = consent.searchParams.get('code_challenge');
  if (!state || !codeChallenge) throw new Error('the development DigiLocker consent address lacks its state or challenge');
  // What the consent page's Allow sends back to the callback.
  const code = provider.issueCode({ codeChallenge, redirectUri: config.DIGILOCKER_REDIRECT_URI, holder: arjun.spec.fullName });
  const outcome = await completeCallback(deps, session, { code, state });
  if (outcome.kind !== 'connected') throw new Error('the development DigiLocker did not connect');
  await importIssuedDocuments(deps, session, outcome.sealed, [DEGREE_URI], SEED_IP);
}
