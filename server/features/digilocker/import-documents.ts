import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import type { IssuedDocument, IssuedFileList } from '../../../shared/schemas/digilocker.ts';
import type { SessionContext } from '../../auth/session.ts';
import { writeAudit } from '../../audit/write-audit.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { readCertificate, type CertificateFacts } from '../verification/sources/digilocker/certificate-xml.ts';
import { DigilockerNotFound, type DigilockerProvider, type IssuedFile } from '../verification/sources/digilocker/provider.ts';
import { matchPersonName } from '../verification/decision/match-person-name.ts';
import { ISSUED_COLUMNS, requireCandidate, toIssuedDocument } from './issued-documents.ts';
import { providerFailure } from './provider-failure.ts';
import { openConnection, type SealedConnection } from './token-cookie.ts';

const text = messages.digilocker;

export interface ImportDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  provider: DigilockerProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  secret: string;
}

function connectionOf(deps: ImportDeps, session: SessionContext, sealed: string | undefined): SealedConnection {
  const candidateId = requireCandidate(session);
  const connection = openConnection(deps.secret, sealed, { candidateId, sessionId: session.sessionId }, deps.clock());
  if (!connection) throw conflict(text.notConnected, 'DIGILOCKER_NOT_CONNECTED');
  return connection;
}

async function broughtUris(db: Kysely<DB>, candidateId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('issued_documents').select('uri').where('candidate_id', '=', candidateId).execute();
  return new Set(rows.map((row) => row.uri));
}

/** GET /api/digilocker/issued: what the connected DigiLocker holds, each marked if already brought. */
export async function listIssuedFiles(deps: ImportDeps, session: SessionContext, sealed: string | undefined): Promise<IssuedFileList> {
  const connection = connectionOf(deps, session, sealed);
  const files = await deps.provider.issuedFiles(connection.accessToken).catch((error: unknown) => {
    throw providerFailure(error, deps.log);
  });
  const brought = await broughtUris(deps.db, connection.candidateId);
  return { documents: files.map((file) => ({ uri: file.uri, name: file.name, doctype: file.doctype, issuer: file.issuer, date: file.date, brought: brought.has(file.uri) })) };
}

interface Fetched {
  file: IssuedFile;
  pdf: Buffer;
  facts: CertificateFacts | null;
  key: string;
}

/**
 * POST /api/digilocker/import: each chosen document's PDF and certificate XML are fetched (in
 * parallel, at most five documents, each call under the client's 10-second timeout, so the
 * candidate waits seconds, not minutes), then stored as one unit of work: every file under a
 * storage intent, then every row in one transaction. Any failure before the commit leaves nothing
 * behind. A document already brought is not fetched again; the answer lists all chosen ones.
 */
export async function importIssuedDocuments(deps: ImportDeps, session: SessionContext, sealed: string | undefined, uris: string[], ip: string | null): Promise<IssuedDocument[]> {
  const connection = connectionOf(deps, session, sealed);
  const { candidateId, accessToken } = connection;
  const listed = await deps.provider.issuedFiles(accessToken).catch((error: unknown) => {
    throw providerFailure(error, deps.log);
  });
  const byUri = new Map(listed.map((file) => [file.uri, file]));
  const missing = uris.find((uri) => !byUri.has(uri));
  if (missing) throw badRequest(fill(text.notInLocker, { uri: missing }), 'DIGILOCKER_NOT_IN_LOCKER');
  const already = await broughtUris(deps.db, candidateId);
  const wanted = uris.filter((uri) => !already.has(uri)).map((uri) => byUri.get(uri)!);

  const stamp = deps.clock().getTime();
  // Every fetch settles before the answer, so none outlives the request that asked for it.
  const settled = await Promise.allSettled(wanted.map((file, index) => fetchOne(deps, accessToken, file, `${candidateId}/digilocker_${stamp}_${index}_${randomBytes(4).toString('hex')}.pdf`)));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw providerFailure(failed.reason, deps.log);
  const fetched = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const person = await deps.db.selectFrom('user_profiles').select('full_name').where('id', '=', candidateId).executeTakeFirstOrThrow();
  await store(deps, candidateId, fetched, ip, (facts) => {
    const name = facts?.issuedTo ?? connection.holderName;
    return name && person.full_name.trim() ? matchPersonName(name, person.full_name).verdict : null;
  });
  const education = (await deps.db.selectFrom('candidate_profiles').select('education').where('user_id', '=', candidateId).executeTakeFirst())?.education ?? null;
  const rows = await deps.db
    .selectFrom('issued_documents')
    .select(ISSUED_COLUMNS)
    .where('candidate_id', '=', candidateId)
    .where('uri', 'in', uris)
    .orderBy('name')
    .execute();
  return rows.map((row) => toIssuedDocument(row, education, true));
}

async function fetchOne(deps: ImportDeps, accessToken: string, file: IssuedFile, key: string): Promise<Fetched> {
  const hasXml = file.mimes.length === 0 || file.mimes.some((mime) => mime.includes('xml'));
  const [pdf, xml] = await Promise.all([
    deps.provider.file(accessToken, file.uri),
    hasXml
      ? deps.provider.xml(accessToken, file.uri).catch((error: unknown) => {
          // No certificate data for this document: the PDF still comes, with no facts read.
          if (error instanceof DigilockerNotFound) return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  // Judged by its bytes, as uploads are (ASVS 5.2.2): DigiLocker's answer must be a PDF.
  if (pdf.length === 0 || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError(502, 'DIGILOCKER_NOT_A_PDF', fill(text.notAPdf, { name: file.name }));
  return { file, pdf, facts: xml ? readCertificate(xml) : null, key };
}

async function store(deps: ImportDeps, candidateId: string, fetched: Fetched[], ip: string | null, nameMatch: (facts: CertificateFacts | null) => 'strong' | 'weak' | 'none' | null): Promise<void> {
  if (fetched.length === 0) return;
  const keys = fetched.map((item) => item.key);
  const discard = async () => {
    for (const key of keys) {
      try {
        await deps.storage.delete(key);
        await deps.db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'upload').execute();
      } catch (error) {
        deps.log.warn({ err: error, key }, 'could not discard a DigiLocker file now; the storage sweeper will');
      }
    }
  };
  const now = deps.clock();
  let duplicates: string[];
  try {
    await deps.db.insertInto('storage_intents').values(keys.map((key) => ({ object_key: key, action: 'upload' as const }))).execute();
    for (const item of fetched) await deps.storage.put(item.key, Readable.from(item.pdf), { contentType: 'application/pdf' });
    duplicates = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx.deleteFrom('storage_intents').where('object_key', 'in', keys).where('action', '=', 'upload').returning('object_key').execute();
      if (claimed.length !== keys.length) throw new AppError(503, 'STORAGE_UNAVAILABLE', text.storageUnavailable);
      const inserted = await trx
        .insertInto('issued_documents')
        .values(
          fetched.map(({ file, pdf, facts, key }) => ({
            candidate_id: candidateId,
            provider: deps.provider.name,
            issuer: file.issuer,
            issuer_id: file.issuerId,
            doctype: file.doctype,
            name: file.name,
            uri: file.uri,
            file_path: key,
            size_bytes: pdf.length,
            issued_on: facts?.issueDate ?? file.date,
            fetched_at: now,
            course: facts?.course ?? null,
            institution: facts?.institution ?? null,
            passing_year: facts?.year ?? null,
            name_match: nameMatch(facts),
          })),
        )
        // A second import of the same document at the same moment (a double click): one row.
        .onConflict((oc) => oc.constraint('issued_documents_one_per_uri').doNothing())
        .returning('file_path')
        .execute();
      const kept = new Set(inserted.map((row) => row.file_path));
      await writeAudit(trx, {
        actorId: candidateId,
        companyId: null,
        action: 'digilocker_documents_brought',
        entityType: 'candidate',
        entityId: candidateId,
        details: { provider: deps.provider.name, documents: fetched.filter((item) => kept.has(item.key)).map((item) => ({ issuer: item.file.issuer, doctype: item.file.doctype })) },
        ip,
      });
      const lost = keys.filter((key) => !kept.has(key));
      if (lost.length > 0) await trx.insertInto('storage_intents').values(lost.map((key) => ({ object_key: key, action: 'delete' as const }))).execute();
      return lost;
    });
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error, candidateId }, 'DigiLocker documents could not be stored');
    throw new AppError(503, 'STORAGE_UNAVAILABLE', text.storageUnavailable);
  }
  // Files of the documents another request brought first.
  for (const key of duplicates) {
    try {
      await deps.storage.delete(key);
      await deps.db.deleteFrom('storage_intents').where('object_key', '=', key).where('action', '=', 'delete').execute();
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not delete a duplicate DigiLocker file now; the storage sweeper will');
    }
  }
  deps.log.info({ candidateId, count: fetched.length - duplicates.length }, 'documents brought from DigiLocker');
}
