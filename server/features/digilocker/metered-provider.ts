import type { Kysely } from 'kysely';
import type { DB, ProviderCallOutcome } from '../../db/schema.ts';
import { DigilockerInvalidGrant, DigilockerNotFound, DigilockerRateLimited, DigilockerRefused, DigilockerUnauthorized, DigilockerUnavailable, type DigilockerProvider } from '../verification/sources/digilocker/provider.ts';

function outcomeOf(error: unknown): ProviderCallOutcome {
  // A bad or used code, or a document without XML, is DigiLocker's answer, not its failure.
  if (error instanceof DigilockerNotFound || error instanceof DigilockerInvalidGrant) return 'not_found';
  if (error instanceof DigilockerUnauthorized || error instanceof DigilockerRefused) return 'refused';
  if (error instanceof DigilockerRateLimited) return 'rate_limited';
  if (error instanceof DigilockerUnavailable) return 'unavailable';
  return 'error';
}

/**
 * Every call to DigiLocker counted in provider_calls (issue 34 §5), for the platform admins' view:
 * the candidate brings their own documents, so WorkCred pays (no company). A failure to count
 * never fails the candidate's import.
 */
export function meteredDigilocker(provider: DigilockerProvider, db: Kysely<DB>, log: { warn: (details: object, message: string) => void }): DigilockerProvider {
  async function metered<T>(call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    let outcome: ProviderCallOutcome = 'answered';
    try {
      return await call();
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      await db
        .insertInto('provider_calls')
        .values({ provider: provider.name === 'development' ? 'digilocker-development' : 'digilocker', kind: 'digilocker', company_id: null, outcome, duration_ms: Math.round(performance.now() - started) })
        .execute()
        .catch((error: unknown) => log.warn({ err: error }, 'a DigiLocker call could not be counted'));
    }
  }
  return {
    name: provider.name,
    label: provider.label,
    authorizeUrl: (input) => provider.authorizeUrl(input),
    exchangeCode: (input) => metered(() => provider.exchangeCode(input)),
    issuedFiles: (token) => metered(() => provider.issuedFiles(token)),
    file: (token, uri) => metered(() => provider.file(token, uri)),
    xml: (token, uri) => metered(() => provider.xml(token, uri)),
  };
}
