/**
 * A 10 MB PDF upload (PUT /api/candidate/documents/resume) over loopback HTTP, one at a time, each
 * replacing the previous one: on PGlite with local disk (the default set-up), and with S3 storage
 * against s3rver. The baseline is a bare Fastify route streaming the same body to a file, in the
 * same run. Run alone with `node --import tsx bench/document-upload.ts`, or from bench/run.ts.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import S3rver from 's3rver';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { createFactories } from '../server/dev/factories.ts';
import { MAX_DOCUMENT_BYTES } from '../shared/schemas/candidate.ts';
import { makePdf } from '../tests/support/pdf.ts';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);

export type UploadRow = readonly [name: string, medianMs: number, maxMs: number, ratio: number];

function put(url: string, body: Buffer, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf', 'content-length': String(body.length), ...headers } }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 201 || response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function timings(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<{ median: number; max: number }> {
  await put(url, body, headers); // warm-up
  const times: number[] = [];
  for (let n = 0; n < UPLOADS; n += 1) times.push(await put(url, body, headers));
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

async function bareFastify(body: Buffer): Promise<{ median: number; max: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-bare-'));
  const bare = Fastify();
  bare.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
  let n = 0;
  bare.put('/upload', async (request, reply) => {
    await pipeline(request.body as Readable, createWriteStream(path.join(dir, `${(n += 1)}.pdf`), { flush: true }));
    return reply.code(201).send({ ok: true });
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    return await timings(`http://127.0.0.1:${(bare.server.address() as { port: number }).port}/upload`, body);
  } finally {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function workcred(body: Buffer, env: Record<string, string> = {}): Promise<{ median: number; max: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-upload-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:1', LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await createFactories(app.auth, database).user({ role: 'candidate' });
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password: user.password } });
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/candidate/documents/resume`;
    return await timings(url, body, { cookie, 'x-file-name': 'bench.pdf' });
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function documentUploadBench(): Promise<UploadRow[]> {
  const body = makePdf({ text: 'bench', totalBytes: MAX_DOCUMENT_BYTES });
  const baseline = await bareFastify(body);
  const local = await workcred(body);

  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'workcred-bench-s3-'));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'bench', configs: [] }] });
  const { port } = await s3.run();
  let remote: { median: number; max: number };
  try {
    remote = await workcred(body, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  } finally {
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  }
  return [
    ['bare Fastify, body streamed to a file (baseline)', baseline.median, baseline.max, 1],
    ['WorkCred, PGlite + local disk', local.median, local.max, local.median / baseline.median],
    ['WorkCred, PGlite + S3 (s3rver on loopback)', remote.median, remote.max, remote.median / baseline.median],
  ];
}

export function printDocumentUploadRows(rows: UploadRow[]): void {
  console.log(`\nDocument upload, 10 MB PDF over loopback HTTP (median and max of ${UPLOADS}, each replacing the last):`);
  for (const [name, median, max, ratio] of rows) {
    const mbPerSecond = MAX_DOCUMENT_BYTES / 1024 / 1024 / (median / 1000);
    console.log(`  ${name.padEnd(52)} ${median.toFixed(0).padStart(6)} ms  (max ${max.toFixed(0).padStart(5)} ms, ${mbPerSecond.toFixed(0).padStart(4)} MB/s)  ×${ratio.toFixed(2)} of baseline`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printDocumentUploadRows(await documentUploadBench());
}
