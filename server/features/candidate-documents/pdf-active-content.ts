/**
 * Looks through a PDF's bytes, chunk by chunk, for what a document a candidate uploads never
 * needs and an attacker does (issue 12, defect 10): actions that run JavaScript, launch programs
 * or carry embedded files, and web-page markup smuggled after the %PDF- header (a PDF/HTML
 * polyglot), and checks that the file ends like a PDF (%%EOF).
 *
 * It reads what is visible in the file as it streams in. Names inside compressed object streams are
 * found afterwards, when the whole file's objects are read (pdf-gate.ts, server/pdf/pdf-objects.ts).
 * Both are defence in depth beside how files are served (attachment, application/pdf, nosniff,
 * sandboxed viewer).
 */

/** PDF names that make a document act: JavaScript, launching programs, embedded files, media and XFA forms (which carry scripts). The same list is in server/pdf/pdf-objects-worker.mjs. */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'ImportData', 'XFA']);
/** Markup that starts a web page, at the start of a line (PDF text sits inside strings, not there). */
const HTML_LINE = /(?:^|[\r\n])[ \t]*<(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed)[\s>/]/i;
const PDF_NAME = /\/((?:[^\s/[\]<>(){}%#]|#[0-9A-Fa-f]{2})+)/g;
/** Bytes kept from the previous chunk, so a name or tag split between two chunks is still seen. */
const OVERLAP = 256;
/** %%EOF must appear in the last this-many bytes (writers add a line break or a little padding). */
const EOF_WINDOW = 1024;

export type PdfContentProblem = 'active_content' | 'html_payload' | 'no_eof';

/** PDF names may spell characters as #xx (e.g. /J#61vaScript is /JavaScript): decode before comparing. */
export function decodePdfName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class PdfContentScanner {
  problem: PdfContentProblem | null = null;
  private tail = '';

  /** Scans the next chunk of the file; returns the first problem found so far, if any. */
  push(chunk: Buffer): PdfContentProblem | null {
    if (this.problem) return this.problem;
    // latin1 maps each byte to one character, so offsets and binary data survive the conversion.
    const text = this.tail + chunk.toString('latin1');
    for (const match of text.matchAll(PDF_NAME)) {
      if (ACTIVE_NAMES.has(decodePdfName(match[1] ?? ''))) return (this.problem = 'active_content');
    }
    if (HTML_LINE.test(text)) return (this.problem = 'html_payload');
    this.tail = text.slice(-Math.max(OVERLAP, EOF_WINDOW));
    return null;
  }

  /** The whole file was seen: it must end like a PDF. */
  finish(): PdfContentProblem | null {
    if (this.problem) return this.problem;
    if (!this.tail.slice(-EOF_WINDOW).includes('%%EOF')) this.problem = 'no_eof';
    return this.problem;
  }
}
