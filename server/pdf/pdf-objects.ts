import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverSourceDir } from '../paths.ts';
import { runWorkerTask } from '../workers/run-worker.ts';

/** [x0, y0, x1, y1] in points from the page's top-left corner, as the page is shown. */
export type PdfRect = [number, number, number, number];
export type Rgb = [number, number, number];

export type PageItem =
  | {
      kind: 'text';
      order: number;
      text: string;
      font: string;
      fontId: number;
      rect: PdfRect;
      color: Rgb;
      alpha: number;
      /** Drawn in render mode 3: in the text layer, never on the page (alpha is 0 too). */
      invisible?: true;
    }
  | { kind: 'fill'; order: number; rect: PdfRect; color: Rgb; alpha: number }
  | { kind: 'image'; order: number; rect: PdfRect; alpha: number };

export interface PageDrawing {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  /** Acrobat "TouchUp_TextEdit" marks in the page's content. */
  touchUpEdits: number;
  /** What the page draws, in drawing order. */
  items: PageItem[];
}

export interface PdfMetadata {
  producer: string | null;
  creator: string | null;
  /** As written in the file ("D:20261001093000+05'30'"). */
  creationDate: string | null;
  modDate: string | null;
  xmpProducer: string | null;
  xmpCreatorTool: string | null;
}

export interface PdfFont {
  /** The font's object number, when it is an indirect object. */
  object: number | null;
  /** BaseFont as written, subset prefix included ("ABCDEF+Arial-BoldMT"). */
  name: string;
  embedded: boolean;
  pages: number[];
}

/** What MuPDF reads of a PDF for the document forensics (pdf-objects-worker.mjs). */
export interface PdfFacts {
  locked: false;
  pageCount: number;
  /** MuPDF had to rebuild a damaged cross-reference. */
  repaired: boolean;
  metadata: PdfMetadata;
  revisions: {
    /** Sections of the file ending in %%EOF (a linearized file's first-page section not counted). */
    count: number;
    /** 1-based pages whose content, resources or annotations differ from the first revision's (signatures aside). */
    changedPages: number[];
    firstPageCount: number;
  };
  fonts: PdfFont[];
  pages: PageDrawing[];
}

export const PDF_OBJECTS_TIMEOUT_MS = 20_000;
export const PDF_FACTS_MAX_PAGES = 30;
const WORKER_HEAP_MB = 256;

// By the project's path, so the compiled bundle (dist-server/) starts the same worker file.
const workerUrl = pathToFileURL(path.join(serverSourceDir, 'pdf', 'pdf-objects-worker.mjs'));

/**
 * Workers at once: each holds MuPDF's WebAssembly memory (about 90 MB), so a burst of uploads
 * waits its turn instead of exhausting memory. The time limit starts when a worker does.
 */
const MAX_WORKERS = Math.max(1, Math.min(4, os.availableParallelism()));
let running = 0;
const waiting: (() => void)[] = [];

async function runWorker<T>(workerData: Record<string, unknown> & { data: Uint8Array }, timeoutMs: number): Promise<T> {
  // A finishing call hands its slot straight to the next in line.
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await startWorker<T>(workerData, timeoutMs);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function startWorker<T>(workerData: Record<string, unknown> & { data: Uint8Array }, timeoutMs: number): Promise<T> {
  return runWorkerTask(workerUrl, {
    workerData,
    transferList: [workerData.data.buffer as ArrayBuffer],
    heapMb: WORKER_HEAP_MB,
    timeoutMs,
    task: 'PDF object reading',
    read: (message: { result?: T; error?: string }) => message.result as T,
  });
}

/**
 * The first name that makes the PDF act (JavaScript, Launch, EmbeddedFile…) in any of its objects,
 * those inside compressed object streams included; null when there is none. `locked`: the file
 * needs a password to open, so its objects cannot be read (nor shown without that password).
 * `unopenable`: not even MuPDF's repair finds a document in it. Rejects when reading takes too
 * long or the worker fails (a hostile file).
 */
export function findActiveObjects(data: Uint8Array, timeoutMs = PDF_OBJECTS_TIMEOUT_MS): Promise<{ locked: boolean; unopenable: boolean; active: string | null }> {
  return runWorker({ task: 'active', data: new Uint8Array(data) }, timeoutMs);
}

/** The forensic facts of a PDF (see PdfFacts); `{ locked: true }` when it needs a password. Rejects as findActiveObjects does. */
export function readPdfFacts(data: Uint8Array, { maxPages = PDF_FACTS_MAX_PAGES, timeoutMs = PDF_OBJECTS_TIMEOUT_MS } = {}): Promise<PdfFacts | { locked: true }> {
  return runWorker({ task: 'facts', data: new Uint8Array(data), maxPages }, timeoutMs);
}
