/**
 * DigiLocker's Authorized Partner API, as WorkCred uses it: the candidate signs in to DigiLocker
 * and allows us (OAuth 2.0 authorization code with PKCE S256), and with the access token we list
 * their issued documents and fetch the ones they choose, as PDF and as the issuer's certificate
 * XML. Two implementations: client.ts (DigiLocker itself) and development.ts (answered in-process,
 * with a local consent page). create-provider.ts picks one from DIGILOCKER_PROVIDER.
 */

export const digilockerProviderNames = ['digilocker', 'development'] as const;
export type DigilockerProviderName = (typeof digilockerProviderNames)[number];

/** What the token endpoint answers, reduced to what we use. The token lives for one import, never stored. */
export interface DigilockerToken {
  accessToken: string;
  /** Seconds the token is valid for (DigiLocker: 3600). */
  expiresIn: number;
  /** The account's DigiLocker id, when answered. */
  digilockerId: string | null;
  /** The name on the DigiLocker account, when answered. */
  name: string | null;
}

/** One entry of GET /oauth2/2/files/issued. */
export interface IssuedFile {
  /** The document's unique identifier, e.g. in.gov.cbse-HSCER-201512345678. */
  uri: string;
  name: string;
  /** The five-letter document type, e.g. HSCER (class XII marksheet), DGCER (degree). */
  doctype: string;
  description: string;
  /** The issuer's name, e.g. "Central Board of Secondary Education". */
  issuer: string;
  /** The issuer's DigiLocker id, e.g. in.gov.cbse. */
  issuerId: string;
  /** When the document was issued or last changed in DigiLocker, YYYY-MM-DD; null when unreadable. */
  date: string | null;
  /** Formats DigiLocker holds: application/pdf, and application/xml when the issuer sends certificate data. */
  mimes: string[];
}

export interface DigilockerProvider {
  name: DigilockerProviderName;
  /** Shown to people: "DigiLocker". */
  label: string;
  /** Where the candidate's browser goes to sign in to DigiLocker and allow us. */
  authorizeUrl(input: { state: string; codeChallenge: string }): string;
  /** POST /oauth2/1/token with the code and the PKCE verifier. Rejects with DigilockerInvalidGrant for a bad, used or expired code. */
  exchangeCode(input: { code: string; codeVerifier: string }): Promise<DigilockerToken>;
  issuedFiles(accessToken: string): Promise<IssuedFile[]>;
  /** The document's PDF (GET /oauth2/1/file/{uri}). */
  file(accessToken: string, uri: string): Promise<Buffer>;
  /** The certificate data (GET /oauth2/1/xml/{uri}); DigilockerNotFound when the issuer sends none. */
  xml(accessToken: string, uri: string): Promise<string>;
}

/** Base class of DigiLocker's failures, so a caller can tell them from bugs. Messages never carry tokens or codes. */
export class DigilockerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The authorization code is invalid, used, expired, or the PKCE verifier does not match (OAuth invalid_grant). */
export class DigilockerInvalidGrant extends DigilockerError {}

/** The access token is invalid or expired (401 invalid_token): the candidate connects again. */
export class DigilockerUnauthorized extends DigilockerError {}

/** DigiLocker refused our client credentials (invalid_client): a configuration error, not the candidate's. */
export class DigilockerRefused extends DigilockerError {}

/** No such document, or no certificate data for it (404 invalid_uri). */
export class DigilockerNotFound extends DigilockerError {}

/** DigiLocker could not answer (timeout, network, 5xx, garbled answer): try again later. */
export class DigilockerUnavailable extends DigilockerError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** 429: too many calls; Retry-After says when to come back. */
export class DigilockerRateLimited extends DigilockerError {
  constructor(readonly retryAfterSeconds: number) {
    super(`DigiLocker rate-limited us; retry after ${retryAfterSeconds} s`);
  }
}
