import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, type CandidateDocument } from '../../shared/schemas/candidate.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { sweepStorageIntents } from '../../server/storage/sweep-intents.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const BUCKET = 'workcred-documents';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The same upload rules with STORAGE_DRIVER=s3, against s3rver started here. */
describe.skipIf(laneUnavailable)(`candidate documents on S3 storage (${testDbKind})`, () => {
  let s3rver: S3rver;
  let s3Dir: string;
  let client: S3Client;
  let t: TestApp;
  let candidate: { id: string; jar: CookieJar };

  const objects = async (prefix: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key).sort();
  const upload = (payload: Buffer | Readable) =>
    t.app.inject({ method: 'PUT', url: '/api/candidate/documents/resume', payload, headers: { 'content-type': 'application/pdf', cookie: candidate.jar.header }, remoteAddress: '10.93.0.1' });

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3rver.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: 'ap-south-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    t = await createTestApp({ STORAGE_DRIVER: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey });
    const user = await t.factories.user({ role: 'candidate' });
    candidate = { id: user.id, jar: await signIn(t.app, user.email, user.password, '10.93.0.2') };
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3rver?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the PDF as an object, serves it back, and a replacement removes the old object', async () => {
    const first = makePdf({ text: 'first', totalBytes: 6 * 1024 * 1024 });
    const uploaded = await upload(first);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document: CandidateDocument = uploaded.json();
    const [firstKey] = await objects(`${candidate.id}/`);
    expect(firstKey).toMatch(new RegExp(`^${candidate.id}/resume_\\d+\\.pdf$`));
    const downloaded = await t.app.inject({ method: 'GET', url: document.url, headers: { cookie: candidate.jar.header } });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(first)).toBe(true);

    expect((await upload(makePdf({ text: 'second' }))).statusCode).toBe(201);
    const keys = await objects(`${candidate.id}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
  });

  it('refuses 10 MB + 1 byte streamed (multipart under way) with 413 and leaves no object, row or intent', async () => {
    const before = await objects(`${candidate.id}/`);
    const tooBig = makePdf({ totalBytes: MAX_DOCUMENT_BYTES + 1 });
    let offset = 0;
    const body = new Readable({
      read() {
        if (offset >= tooBig.length) return void this.push(null);
        this.push(tooBig.subarray(offset, offset + 512 * 1024));
        offset += 512 * 1024;
      },
    });
    const response = await upload(body);
    expect(response.statusCode).toBe(413);
    expect(await objects(`${candidate.id}/`)).toEqual(before);
    expect(await t.database.db.selectFrom('candidate_documents').select('id').where('candidate_id', '=', candidate.id).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
  });

  it('the sweeper deletes the object of an abandoned upload', async () => {
    const key = `${candidate.id}/salary_slip_1.pdf`;
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: makePdf() }));
    await t.database.db.insertInto('storage_intents').values({ object_key: key, action: 'upload', created_at: new Date(Date.now() - 2 * 3_600_000) }).execute();
    const storage = createFileStorage(t.config);
    try {
      expect(await sweepStorageIntents({ db: t.database.db, storage, uploadTimeoutSeconds: t.config.UPLOAD_TIMEOUT_SECONDS })).toEqual({ uploadsReclaimed: 1, deletesFinished: 0 });
    } finally {
      await storage.close?.();
    }
    expect(await objects(key)).toEqual([]);
  });
});
