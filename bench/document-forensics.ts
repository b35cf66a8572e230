/**
 * npm run bench:documents (issue 35 §3), also a section of npm run bench (BENCH_ONLY=documents).
 * The labelled corpus (tests/fixtures/document-corpus/) through the automatic pass's own functions
 * (reading/judge-file.ts: the text layer and MuPDF's facts, OCR for scans, the rules, the
 * forensics, the OCR confidence rule), reporting per signal and overall:
 *   - recall: the forged documents labelled with a signal in which that signal was raised;
 *   - false positives: genuine documents (text and scans) on which a signal was raised;
 *   - the OCR's character error rate per dpi (Levenshtein over normalised text against what the
 *     page shows), and seconds per page on one Tesseract worker (one core): the recognition alone,
 *     and the whole read (rendering, recognition, the file's facts).
 * Goals beside each figure: recall ≥ 0.95, false positives ≤ 0.05, CER ≤ 2% at 200 dpi, < 3 s a page.
 * Asserts nothing. BENCH_DOCUMENTS_OCR=0 leaves the scans out; BENCH_DOCUMENTS_ONLY=<text> keeps
 * the entries whose id contains it.
 */
import { pathToFileURL } from 'node:url';
import { messages } from '../shared/messages.ts';
import { editDistance } from '../server/features/verification/decision/words.ts';
import { judgeFile, signalsOf } from '../server/features/verification/reading/judge-file.ts';
import { createOcrPool, type OcrEngine } from '../server/features/verification/reading/ocr/ocr-pool.ts';
import { buildCorpus, SCAN_DPIS, type CorpusEntry } from '../tests/fixtures/document-corpus/corpus.ts';

const GOALS = { recall: 0.95, falsePositives: 0.05, cer200: 0.02, secondsPerPage: 3 };
const SIGNALS = ['producer', 'revisions', 'edits', 'fonts', 'text_layer', 'arithmetic'] as const;

export interface DocumentRun {
  entry: CorpusEntry;
  status: string;
  signals: string[];
  /** The first finding, to say what a miss or a false positive saw. */
  note: string;
  error?: string;
  scan?: { pages: number; recogniseMs: number; totalMs: number; confidence: number; cer: number };
}

/** Lower case, one space between words: layout and case are not what the OCR is measured on. */
const normalised = (text: string) => text.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim();
export function characterErrorRate(recognised: string, truth: string): number {
  const expected = normalised(truth);
  return expected.length === 0 ? 0 : editDistance(normalised(recognised), expected) / expected.length;
}

/** The pool's recognition timed: what one worker spends on each page. */
function timed(pool: OcrEngine) {
  let ms = 0;
  const engine: OcrEngine = {
    size: pool.size,
    close: () => pool.close(),
    async recognise(png, options) {
      const started = performance.now();
      try {
        return await pool.recognise(png, options);
      } finally {
        ms += performance.now() - started;
      }
    },
  };
  return { engine, take: () => ms };
}

async function run(entry: CorpusEntry, ocr: ReturnType<typeof timed> | undefined): Promise<DocumentRun> {
  const started = performance.now();
  const before = ocr?.take() ?? 0;
  try {
    const judged = await judgeFile(await entry.bytes(), entry.kind, entry.profile, { context: entry.context, ...(ocr ? { ocr: ocr.engine } : {}) });
    const forensic = judged.outcome.flags.find((flag) => flag.rule.startsWith('forensic_'));
    const note = forensic ? `${forensic.rule}: ${forensic.found ?? ''}` : judged.outcome.flags.filter((flag) => flag.outcome !== 'match').map((flag) => `${flag.rule} ${flag.outcome}${flag.found ? `: ${flag.found}` : ''}`).join('; ');
    const result: DocumentRun = { entry, status: judged.outcome.status, signals: signalsOf(judged.outcome.flags), note: note.slice(0, 160) };
    if (judged.scan) {
      const totalMs = performance.now() - started;
      result.scan = { pages: judged.scan.pages.length, recogniseMs: (ocr?.take() ?? 0) - before, totalMs, confidence: judged.scan.confidence, cer: characterErrorRate(judged.text, entry.truthText) };
    }
    return result;
  } catch (error) {
    return { entry, status: 'error', signals: [], note: '', error: error instanceof Error ? error.message : String(error) };
  }
}

export async function documentForensicsBench({ ocr = process.env.BENCH_DOCUMENTS_OCR !== '0', only = process.env.BENCH_DOCUMENTS_ONLY ?? '' } = {}): Promise<DocumentRun[]> {
  const corpus = buildCorpus().filter((entry) => entry.id.includes(only) && (ocr || !entry.ocr));
  const runs: DocumentRun[] = [];
  // Text documents two at a time (each read takes two worker threads); scans one after another on one OCR worker.
  const text = corpus.filter((entry) => !entry.ocr);
  for (let at = 0; at < text.length; at += 2) runs.push(...(await Promise.all(text.slice(at, at + 2).map((entry) => run(entry, undefined)))));
  const scans = corpus.filter((entry) => entry.ocr);
  if (scans.length > 0) {
    const pool = timed(createOcrPool({ size: 1 }));
    try {
      // The first page loads the model: read one first, untimed.
      await run(scans[0]!, pool);
      for (const entry of scans) runs.push(await run(entry, pool));
    } finally {
      await pool.engine.close();
    }
  }
  return runs;
}

const share = (count: number, of: number) => (of === 0 ? '  n/a' : (count / of).toFixed(3));
const verdict = (ok: boolean) => (ok ? 'meets' : 'below');

export function printDocumentForensicsRows(runs: DocumentRun[]): void {
  const genuine = runs.filter((run) => run.entry.expectedSignals.length === 0);
  const forged = runs.filter((run) => run.entry.expectedSignals.length > 0);
  const built = new Set(Object.keys(messages.verification.forensicSignals));
  console.log(`\nDocument forensics on the labelled corpus (issue 35 §3): ${runs.length} documents, ${genuine.length} genuine (${genuine.filter((run) => run.entry.ocr).length} scans), ${forged.length} forged`);
  console.log(`  ${'signal'.padEnd(12)} ${'recall'.padStart(16)}  goal ≥${GOALS.recall}   ${'false positives'.padStart(18)}  goal ≤${GOALS.falsePositives}`);
  for (const signal of SIGNALS) {
    const labelled = forged.filter((run) => run.entry.expectedSignals.includes(signal));
    const caught = labelled.filter((run) => run.signals.includes(signal)).length;
    const wrong = genuine.filter((run) => run.signals.includes(signal)).length;
    const recall = labelled.length === 0 ? 'n/a' : !built.has(signal) ? 'not yet detected' : `${share(caught, labelled.length)} (${caught}/${labelled.length})`;
    const recallVerdict = labelled.length === 0 || !built.has(signal) ? '     ' : verdict(caught / labelled.length >= GOALS.recall);
    console.log(`  ${signal.padEnd(12)} ${recall.padStart(16)}  ${recallVerdict}       ${`${share(wrong, genuine.length)} (${wrong}/${genuine.length})`.padStart(18)}  ${verdict(wrong / Math.max(1, genuine.length) <= GOALS.falsePositives)}`);
  }
  const caught = forged.filter((run) => run.entry.expectedSignals.some((signal) => run.signals.includes(signal))).length;
  const flagged = genuine.filter((run) => run.signals.length > 0).length;
  console.log(`  ${'overall'.padEnd(12)} ${`${share(caught, forged.length)} (${caught}/${forged.length})`.padStart(16)}  ${verdict(caught / Math.max(1, forged.length) >= GOALS.recall)}       ${`${share(flagged, genuine.length)} (${flagged}/${genuine.length})`.padStart(18)}  ${verdict(flagged / Math.max(1, genuine.length) <= GOALS.falsePositives)}`);
  const verified = genuine.filter((run) => run.status === 'verified');
  console.log(`  genuine documents verified without a person (rules, signals and OCR confidence): ${verified.length}/${genuine.length}; text ${verified.filter((run) => !run.entry.ocr).length}/${genuine.filter((run) => !run.entry.ocr).length}, scans ${verified.filter((run) => run.entry.ocr).length}/${genuine.filter((run) => run.entry.ocr).length}`);

  const scans = runs.filter((run) => run.scan && run.entry.variant === 'scan' && !run.entry.tamper);
  if (scans.length > 0) {
    console.log('  OCR on one worker (one core), scans of the genuine documents:');
    for (const dpi of SCAN_DPIS) {
      const at = scans.filter((run) => run.entry.dpi === dpi);
      if (at.length === 0) continue;
      const cer = at.reduce((sum, run) => sum + run.scan!.cer, 0) / at.length;
      const worst = Math.max(...at.map((run) => run.scan!.cer));
      const confidence = at.reduce((sum, run) => sum + run.scan!.confidence, 0) / at.length;
      const goal = dpi === 200 ? `  goal ≤${(GOALS.cer200 * 100).toFixed(0)}% ${verdict(cer <= GOALS.cer200)}` : '';
      console.log(`    ${String(dpi).padStart(3)} dpi: CER ${(cer * 100).toFixed(2)}% (worst ${(worst * 100).toFixed(2)}%)${goal}   confidence ${confidence.toFixed(1)}   ${at.length} scans`);
    }
    const all = runs.filter((run) => run.scan);
    const pages = all.reduce((sum, run) => sum + run.scan!.pages, 0);
    const recognise = all.reduce((sum, run) => sum + run.scan!.recogniseMs, 0) / pages / 1000;
    const whole = all.reduce((sum, run) => sum + run.scan!.totalMs, 0) / pages / 1000;
    console.log(`    seconds per page: recognition ${recognise.toFixed(2)} s  goal <${GOALS.secondsPerPage} s ${verdict(recognise < GOALS.secondsPerPage)};  whole read (render + recognition + facts) ${whole.toFixed(2)} s ${verdict(whole < GOALS.secondsPerPage)}   (${pages} pages)`);
  }
  const misses = forged.filter((run) => !run.entry.expectedSignals.every((signal) => run.signals.includes(signal)));
  const falsePositives = genuine.filter((run) => run.signals.length > 0 || run.error);
  for (const run of misses) console.log(`  missed ${run.entry.id}: expected ${run.entry.expectedSignals.join(', ')}; raised ${run.signals.join(', ') || 'nothing'}${run.error ? ` (error: ${run.error})` : ''}`);
  for (const run of falsePositives) console.log(`  false positive ${run.entry.id}: ${run.signals.join(', ')} ${run.error ?? run.note}`);
  for (const run of genuine.filter((one) => one.status !== 'verified' && one.signals.length === 0 && !one.error)) console.log(`  held for another reason ${run.entry.id}: ${run.note}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printDocumentForensicsRows(await documentForensicsBench());
