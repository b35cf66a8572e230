// Reads a PDF's objects with MuPDF in a worker thread, started by pdf-objects.ts: a slow or hostile
// file costs this thread, never the server's event loop, and is stopped at the time limit.
// Plain JavaScript so it runs in a worker without a TypeScript loader.
//
// Two tasks:
// - "active": every object the document holds (object streams decoded, encrypted objects
//   decrypted when no password is needed, damaged cross-references repaired), searched for names
//   that make a PDF act (JavaScript, launch, embedded files, rich media, XFA forms).
// - "facts": what the document forensics (server/features/verification/reading/forensics/) judge:
//   metadata, revisions and the pages each later revision changed, fonts, and what each page
//   draws in order (text runs with their font, colour and box; filled shapes with theirs).
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import * as mupdf from 'mupdf';
import { pageDrawing } from './pdf-page-drawing.mjs';

// A damaged file makes MuPDF warn as it repairs it: the caller learns what matters from the result.
mupdf.setLog(null);

const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'ImportData', 'XFA']);
/** Objects searched at most: far beyond any real payslip or statement. */
const MAX_OBJECTS = 200_000;
const MAX_REVISIONS = 12;

/** The first active name inside one object (keys and name values, nested dictionaries and arrays). */
function activeNameIn(object, depth = 0) {
  if (depth > 32) return null;
  if (object.isName()) return ACTIVE_NAMES.has(object.asName()) ? object.asName() : null;
  if (object.isIndirect()) return null;
  let found = null;
  if (object.isDictionary() || object.isArray()) {
    object.forEach((value, key) => {
      if (found) return;
      if (typeof key === 'string' && ACTIVE_NAMES.has(key)) found = key;
      else found = activeNameIn(value, depth + 1);
    });
  }
  return found;
}

function findActive(data) {
  let doc;
  try {
    doc = new mupdf.PDFDocument(data);
  } catch {
    // Not even MuPDF's repair finds a document here: no object (stream) a viewer could run.
    return { locked: false, unopenable: true, active: null };
  }
  if (doc.needsPassword()) return { locked: true, active: null };
  let active = activeNameIn(doc.getTrailer());
  const count = Math.min(doc.countObjects(), MAX_OBJECTS);
  for (let number = 1; number < count && !active; number += 1) {
    try {
      active = activeNameIn(doc.newIndirect(number).resolve());
    } catch {
      // A broken object is not shown by a viewer either.
    }
  }
  return { locked: false, unopenable: false, active };
}

const latin1 = (data) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');

/**
 * Where each revision of the file ends: after every "startxref N %%EOF". A linearized file's first
 * section (the first page's cross-reference) is part of its first revision, not a revision.
 */
function revisionEnds(data) {
  const text = latin1(data);
  const ends = [];
  for (const match of text.matchAll(/startxref\s+\d+\s+%%EOF[ \t]*\r?\n?/g)) ends.push(match.index + match[0].length);
  const head = text.slice(0, 1024);
  if (/\/Linearized\b/.test(head) && ends.length > 1) ends.shift();
  return ends;
}

function metadata(doc) {
  const info = (key) => doc.getMetaData(key) || null;
  let xmp = '';
  try {
    const stream = doc.getTrailer().get('Root').get('Metadata');
    if (stream.isStream()) xmp = stream.readStream().asString().slice(0, 200_000);
  } catch {
    xmp = '';
  }
  const xmpValue = (tag) => {
    const match = new RegExp(`<${tag}>([^<]{0,300})</${tag}>|${tag}="([^"]{0,300})"`).exec(xmp);
    return match ? (match[1] ?? match[2] ?? '').trim() || null : null;
  };
  return {
    producer: info(mupdf.Document.META_INFO_PRODUCER),
    creator: info(mupdf.Document.META_INFO_CREATOR),
    creationDate: info(mupdf.Document.META_INFO_CREATIONDATE),
    modDate: info(mupdf.Document.META_INFO_MODIFICATIONDATE),
    xmpProducer: xmpValue('pdf:Producer'),
    xmpCreatorTool: xmpValue('xmp:CreatorTool'),
  };
}

function isSignatureWidget(annot) {
  if (!annot.isDictionary() || annot.get('Subtype').asName?.() !== 'Widget') return false;
  const type = annot.get('FT').isNull() ? annot.get('Parent').get('FT') : annot.get('FT');
  return type.isName() && type.asName() === 'Sig';
}

/** A digest of what a page shows: its content streams, its resources and its annotations, followed through references. */
function pageDigest(pageObject) {
  const hash = createHash('sha256');
  const seen = new Set();
  const feed = (object, depth) => {
    if (depth > 12) return;
    if (object.isIndirect()) {
      const number = object.asIndirect();
      if (seen.has(number)) return hash.update(`@${number}`);
      seen.add(number);
      // A stream's data is read through its reference (MuPDF loads streams by object number).
      if (object.isStream()) hash.update(object.readStream().asUint8Array());
      object = object.resolve();
    }
    if (object.isDictionary()) {
      const entries = [];
      object.forEach((value, key) => entries.push([String(key), value]));
      entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
      for (const [key, value] of entries) {
        // Up the page tree says nothing about what the page shows.
        if (key === 'Parent' || key === 'P') continue;
        hash.update(`/${key}`);
        feed(value, depth + 1);
      }
    } else if (object.isArray()) {
      object.forEach((value) => feed(value, depth + 1));
    } else {
      hash.update(object.toString(true));
    }
  };
  for (const key of ['Contents', 'Resources', 'MediaBox', 'Rotate']) {
    hash.update(`/${key}`);
    const value = pageObject.getInheritable(key);
    if (!value.isNull()) feed(value, 0);
  }
  // A signature added later (a bank signing its statement) is a revision that changes no content.
  const annots = pageObject.get('Annots');
  if (annots.isArray()) annots.forEach((annot) => (isSignatureWidget(annot.resolve()) ? undefined : feed(annot, 0)));
  return hash.digest('hex');
}

function pageDigests(doc) {
  const digests = [];
  for (let index = 0; index < doc.countPages(); index += 1) digests.push(pageDigest(doc.findPage(index)));
  return digests;
}

/** The revisions: how many, and which pages (1-based) the later ones changed or added against the first. */
function revisions(data, finalDigests) {
  const ends = revisionEnds(data).slice(-MAX_REVISIONS);
  if (ends.length < 2) return { count: Math.max(1, ends.length), changedPages: [], firstPageCount: finalDigests.length };
  let first;
  try {
    first = pageDigests(new mupdf.PDFDocument(data.subarray(0, ends[0])));
  } catch {
    first = [];
  }
  const changedPages = [];
  finalDigests.forEach((digest, index) => {
    if (first[index] !== digest) changedPages.push(index + 1);
  });
  return { count: ends.length, changedPages, firstPageCount: first.length };
}

/** Fonts in the pages' resources: name, whether embedded, its object, the pages using it. */
function fonts(doc, maxPages) {
  const byObject = new Map();
  for (let index = 0; index < Math.min(doc.countPages(), maxPages); index += 1) {
    const resources = doc.findPage(index).getInheritable('Resources');
    const fontDict = resources.isNull() ? resources : resources.get('Font');
    if (!fontDict.isDictionary()) continue;
    fontDict.forEach((ref) => {
      const key = ref.isIndirect() ? ref.asIndirect() : `${index}:${byObject.size}`;
      const font = ref.resolve();
      let entry = byObject.get(key);
      if (!entry) {
        const descendant = font.get('DescendantFonts');
        const descriptor = (descendant.isArray() ? descendant.get(0).resolve() : font).get('FontDescriptor');
        const embedded = descriptor.isDictionary() && ['FontFile', 'FontFile2', 'FontFile3'].some((file) => !descriptor.get(file).isNull());
        const baseFont = font.get('BaseFont');
        entry = { object: typeof key === 'number' ? key : null, name: baseFont.isName() ? baseFont.asName() : '', embedded, pages: [] };
        byObject.set(key, entry);
      }
      if (!entry.pages.includes(index + 1)) entry.pages.push(index + 1);
    });
  }
  return [...byObject.values()];
}

function facts(data, maxPages) {
  const doc = new mupdf.PDFDocument(data);
  if (doc.needsPassword()) return { locked: true };
  const digests = pageDigests(doc);
  const pages = [];
  for (let index = 0; index < Math.min(doc.countPages(), maxPages); index += 1) pages.push(pageDrawing(mupdf, doc, index));
  return {
    locked: false,
    pageCount: doc.countPages(),
    repaired: doc.wasRepaired(),
    metadata: metadata(doc),
    revisions: revisions(data, digests),
    fonts: fonts(doc, maxPages),
    pages,
  };
}

function run({ task, data, maxPages }) {
  return task === 'active' ? findActive(data) : facts(data, maxPages);
}

try {
  parentPort?.postMessage({ result: run(workerData) });
} catch (error) {
  parentPort?.postMessage({ error: String(error?.name ?? 'Error') + ': ' + String(error?.message ?? error) });
}
