/**
 * The UAN check goes through an EPFO employment-history provider (several vendors sell such APIs).
 * This is the interface one must implement; UAN_PROVIDER picks it. No vendor is implemented yet:
 * with UAN_PROVIDER=none (the default) the UAN check waits for the verification team, and nothing
 * is faked.
 */
export interface UanEmployer {
  name: string;
  /** YYYY-MM-DD, as the provider reports it. */
  joined: string | null;
  /** null while employed. */
  left: string | null;
}

export interface UanLookupResult {
  /** match: the UAN exists and belongs to this name; mismatch: it exists under another name; not_found: no such UAN. */
  status: 'match' | 'mismatch' | 'not_found';
  employers: UanEmployer[];
  /** The provider's id for this lookup, stored on the check for audit. */
  reference: string;
}

export interface UanProvider {
  /** Stored on the check (verification_checks.provider). */
  name: string;
  /** Rejects when the provider cannot answer (network, quota); the check then stays pending. */
  lookup(uan: string, fullName: string): Promise<UanLookupResult>;
}

export const uanProviderNames = ['none'] as const;
export type UanProviderName = (typeof uanProviderNames)[number];

/** The provider UAN_PROVIDER names; null for none. Add a vendor here with its documented API. */
export function createUanProvider(name: UanProviderName): UanProvider | null {
  switch (name) {
    case 'none':
      return null;
  }
}
