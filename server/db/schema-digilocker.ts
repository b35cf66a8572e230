import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns.ts';

/** A "Bring documents from DigiLocker" in progress (migration 0054): state and PKCE verifier, single-use, expiring. */
export interface DigilockerAuthorizationsTable {
  id: Generated<string>;
  candidate_id: string;
  session_id: string;
  /** SHA-256 of the state sent to DigiLocker, hex. */
  state_hash: string;
  code_verifier: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** A document brought from DigiLocker (migration 0054): its stored PDF and the facts read from its XML. */
export interface IssuedDocumentsTable {
  id: Generated<string>;
  candidate_id: string;
  provider: 'digilocker' | 'development';
  issuer: string;
  issuer_id: string;
  doctype: string;
  name: string;
  uri: string;
  file_path: string;
  size_bytes: ColumnType<string, number, number>;
  /** YYYY-MM-DD, read as a string. */
  issued_on: ColumnType<string | null, string | null, string | null>;
  fetched_at: Timestamp;
  course: string | null;
  institution: string | null;
  passing_year: number | null;
  name_match: 'strong' | 'weak' | 'none' | null;
}

declare module './schema.ts' {
  interface DB {
    digilocker_authorizations: DigilockerAuthorizationsTable;
    issued_documents: IssuedDocumentsTable;
  }
}
