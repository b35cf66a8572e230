import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import type { FileStorage } from '../../server/storage/file-storage.ts';
import { LocalDiskStorage } from '../../server/storage/local-disk-storage.ts';
import { S3Storage } from '../../server/storage/s3-storage.ts';

const BUCKET = 'workcred-test';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Bytes as a stream in chunks, optionally failing after some of them (a client gone mid-upload). */
function streamOf(bytes: Buffer, failAfter?: number): Readable {
  const chunkSize = 64 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (offset >= bytes.length) {
        this.push(null);
        return;
      }
      this.push(bytes.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Driver {
  name: string;
  storage: () => FileStorage;
  /** Every stored thing under the prefix, complete or not (local: files including partials; S3: objects). */
  leftovers: (prefix: string) => Promise<string[]>;
}

let s3rver: S3rver | undefined;
let s3Directory = '';
let s3Endpoint = '';
let s3: S3Storage | undefined;
let s3Client: S3Client | undefined;
const localRoot = mkdtempSync(path.join(os.tmpdir(), 'workcred-storage-'));
const local: FileStorage = new LocalDiskStorage(localRoot);

function walk(directory: string): string[] {
  let entries: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    entries = entries.concat(entry.isDirectory() ? walk(full) : [path.relative(localRoot, full)]);
  }
  return entries;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    storage: () => local,
    leftovers: async (prefix) => walk(localRoot).filter((file) => file.startsWith(prefix)),
  },
  {
    name: 'S3 (s3rver)',
    storage: () => s3 as S3Storage,
    leftovers: async (prefix) => {
      const listed = await (s3Client as S3Client).send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
  },
];

beforeAll(async () => {
  s3Directory = mkdtempSync(path.join(os.tmpdir(), 'workcred-s3rver-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  s3 = new S3Storage({ bucket: BUCKET, region: 'ap-south-1', ...CREDENTIALS, endpoint: s3Endpoint, forcePathStyle: true });
  s3Client = new S3Client({ region: 'ap-south-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: CREDENTIALS });
});

afterAll(async () => {
  await s3?.close();
  s3Client?.destroy();
  await s3rver?.close();
  rmSync(s3Directory, { recursive: true, force: true });
  rmSync(localRoot, { recursive: true, force: true });
});

describe.each(drivers)('FileStorage contract: $name', ({ storage, leftovers }) => {
  let n = 0;
  const newKey = () => `user${++n}${randomBytes(4).toString('hex')}/resume_${Date.now()}.pdf`;

  it('puts, gets back the same bytes and size, deletes', async () => {
    const key = newKey();
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100_000)]);
    await storage().put(key, streamOf(bytes), { contentType: 'application/pdf' });
    const found = await storage().get(key);
    expect(found?.size).toBe(bytes.length);
    expect(sha256(await readAll(found!.body))).toBe(sha256(bytes));
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(await leftovers(key)).toEqual([]);
  });

  it('streams a file larger than one multipart part (12 MB) intact', async () => {
    const key = newKey();
    const bytes = randomBytes(12 * 1024 * 1024);
    await storage().put(key, streamOf(bytes), { contentType: 'application/pdf' });
    const found = await storage().get(key);
    expect(found?.size).toBe(bytes.length);
    expect(sha256(await readAll(found!.body))).toBe(sha256(bytes));
    await storage().delete(key);
  });

  it('answers null for a missing key, and deleting a missing key is not an error', async () => {
    const key = newKey();
    expect(await storage().get(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it.each([
    ['in the first part', 1024 * 1024, 100_000],
    ['after a whole multipart part', 12 * 1024 * 1024, 7 * 1024 * 1024],
  ])('a stream that fails %s rejects with its error and leaves nothing', async (_when, size, failAfter) => {
    const key = newKey();
    await expect(storage().put(key, streamOf(randomBytes(size), failAfter), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await storage().get(key)).toBeNull();
    expect(await leftovers(key.split('/')[0]!)).toEqual([]);
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs/path', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(storage().put(key, streamOf(Buffer.from('x')), { contentType: 'application/pdf' })).rejects.toThrow(/unsafe storage key/);
      await expect(storage().get(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage().delete(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe('local disk storage', () => {
  it('delete(key) also removes what a write interrupted by a crash left behind', async () => {
    mkdirSync(path.join(localRoot, 'crashed'), { recursive: true });
    writeFileSync(path.join(localRoot, 'crashed', 'resume_1.pdf.partial'), '%PDF-1.4 half a file');
    await local.delete('crashed/resume_1.pdf');
    expect(walk(localRoot).filter((file) => file.startsWith('crashed'))).toEqual([]);
  });

  it('keeps files out of reach of other users (mode 0600)', async () => {
    await local.put('modes/resume_1.pdf', streamOf(Buffer.from('%PDF-1.4')), { contentType: 'application/pdf' });
    expect(statSync(path.join(localRoot, 'modes', 'resume_1.pdf')).mode & 0o777).toBe(0o600);
  });
});

describe('createFileStorage and its settings', () => {
  const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: localRoot, ...env });

  it('uses local disk by default and S3 when STORAGE_DRIVER=s3', () => {
    expect(createFileStorage(configWith({}))).toBeInstanceOf(LocalDiskStorage);
    const s3Config = configWith({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(createFileStorage(s3Config)).toBeInstanceOf(S3Storage);
  });

  it('validates S3_FORCE_PATH_STYLE and UPLOAD_TIMEOUT_SECONDS', () => {
    expect(configWith({}).UPLOAD_TIMEOUT_SECONDS).toBe(900);
    expect(configWith({ UPLOAD_TIMEOUT_SECONDS: '60' }).UPLOAD_TIMEOUT_SECONDS).toBe(60);
    expect(() => configWith({ UPLOAD_TIMEOUT_SECONDS: '0' })).toThrow(/UPLOAD_TIMEOUT_SECONDS/);
    expect(() => configWith({ UPLOAD_TIMEOUT_SECONDS: 'soon' })).toThrow(/UPLOAD_TIMEOUT_SECONDS/);
    expect(() => configWith({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
