import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

const resolveFromHere = createRequire(import.meta.url);

/**
 * The English model shipped in @tesseract.js-data/eng (the "best_int" one: accurate, integer
 * maths), read from the installed package: nothing is fetched at run time. Without langPath
 * tesseract.js would download it from a CDN.
 */
export const ENG_LANG_PATH = path.join(path.dirname(resolveFromHere.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** One page at most this long: a page that takes longer is not a document we can read. */
export const OCR_PAGE_TIMEOUT_MS = 60_000;

/** The OCR workers this machine runs by default: one core is left to the server. */
export function defaultOcrWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

export interface Recognised {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

export interface OcrEngine {
  /** Reads one page image (PNG). Rejects after `timeoutMs`, and the worker that was stuck is replaced. */
  recognise(png: Uint8Array, options?: { timeoutMs?: number }): Promise<Recognised>;
  readonly size: number;
  close(): Promise<void>;
}

export class OcrTimedOut extends Error {}

interface Job {
  png: Uint8Array;
  timeoutMs: number;
  resolve: (value: Recognised) => void;
  reject: (error: Error) => void;
}

/**
 * A pool of `size` Tesseract workers (tesseract.js runs each in a worker thread of its own, so the
 * recognition never holds the server's event loop). Workers start on first use and stay loaded;
 * pages wait in a queue for a free one, first come first served.
 */
export function createOcrPool({ size = defaultOcrWorkers() }: { size?: number } = {}): OcrEngine {
  const idle: Worker[] = [];
  let started = 0;
  let starting = 0;
  let closed = false;
  const queue: Job[] = [];
  const all = new Set<Worker>();

  const startWorker = async (): Promise<Worker> => {
    const worker = await createWorker('eng', 1, { langPath: ENG_LANG_PATH, cacheMethod: 'none', gzip: true });
    all.add(worker);
    return worker;
  };

  const run = async (worker: Worker, job: Job) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OcrTimedOut(`Reading a page took longer than ${job.timeoutMs} ms`)), job.timeoutMs);
    });
    try {
      const { data } = await Promise.race([worker.recognize(Buffer.from(job.png)), timedOut]);
      job.resolve({ text: data.text, confidence: data.confidence });
      release(worker);
    } catch (error) {
      job.reject(error instanceof Error ? error : new Error(String(error)));
      // A worker that timed out or failed may be mid-page: it is replaced, not reused.
      all.delete(worker);
      started -= 1;
      void worker.terminate().catch(() => undefined);
      dispatch();
    } finally {
      clearTimeout(timer);
    }
  };

  const release = (worker: Worker) => {
    if (closed) {
      void worker.terminate().catch(() => undefined);
      return;
    }
    idle.push(worker);
    dispatch();
  };

  /** Gives waiting pages to idle workers, and starts workers (up to `size`) for those still waiting. */
  const dispatch = () => {
    while (!closed && queue.length > 0 && idle.length > 0) void run(idle.pop()!, queue.shift()!);
    while (!closed && queue.length > starting && started < size) {
      started += 1;
      starting += 1;
      startWorker().then(
        (worker) => {
          starting -= 1;
          release(worker);
        },
        (error: unknown) => {
          starting -= 1;
          started -= 1;
          // The model could not load: every page waiting now fails with the reason.
          for (const job of queue.splice(0)) job.reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }
  };

  return {
    size,
    recognise(png, { timeoutMs = OCR_PAGE_TIMEOUT_MS } = {}) {
      if (closed) return Promise.reject(new Error('The OCR pool is closed'));
      return new Promise<Recognised>((resolve, reject) => {
        queue.push({ png, timeoutMs, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('The OCR pool is closed'));
      await Promise.all([...all].map((worker) => worker.terminate().catch(() => undefined)));
      all.clear();
      idle.length = 0;
    },
  };
}
