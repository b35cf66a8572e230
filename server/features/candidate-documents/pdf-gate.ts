import { Transform, type TransformCallback } from 'node:stream';
import { messages } from '../../../shared/messages.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { findActiveObjects } from '../../pdf/pdf-objects.ts';
import { PdfContentScanner, type PdfContentProblem } from './pdf-active-content.ts';

const m = messages.candidate.documents;
const PDF_MAGIC = Buffer.from('%PDF-');
/** What file-type reads to decide (its "reasonable detection size"). */
const HEAD_BYTES = 4100;

export const tooLarge = () => new AppError(413, 'TOO_LARGE', m.tooLarge);
export const notPdf = () => badRequest(m.notPdf, 'NOT_PDF');
export const emptyFile = () => badRequest(m.empty, 'EMPTY_FILE');
const contentRefusals: Record<PdfContentProblem | 'unreadable', () => AppError> = {
  active_content: () => new AppError(422, 'PDF_ACTIVE_CONTENT', m.pdfActiveContent),
  html_payload: () => new AppError(422, 'PDF_HTML_PAYLOAD', m.pdfHtmlPayload),
  no_eof: () => new AppError(422, 'PDF_NO_EOF', m.pdfNoEof),
  unreadable: () => new AppError(422, 'PDF_UNREADABLE', m.pdfUnreadable),
};

/**
 * Passes an upload through while judging it:
 * counts bytes and fails at the first byte over the limit (413); holds back the head until it can
 * tell the content is a PDF (`%PDF-` at byte 0, and file-type agrees), else fails (400); fails an
 * empty body (400). A failure destroys the stream, so the storage write it feeds is abandoned.
 * Names and Content-Type play no part: a PDF-named HTML page is refused by its bytes. Every chunk
 * also goes through PdfContentScanner: JavaScript, launch and embedded-file actions, web-page
 * markup after the header, or no %%EOF at the end refuse the upload (422).
 *
 * Then, before the write completes, the whole file's objects are read with MuPDF in a worker
 * (server/pdf/pdf-objects.ts), so a script inside a compressed object stream (PDF 1.5 and later),
 * or in a later incremental update, is refused with the same message as a visible one (issue 35).
 * That needs the file's bytes, so they are kept (at most maxBytes) until the upload ends. A file
 * whose reading runs out of time or memory is refused (a hostile file's way past the check); one
 * MuPDF cannot open at all holds no object it could find, and goes on to the automatic check,
 * which flags it unreadable.
 */
export class PdfGate extends Transform {
  bytes = 0;
  /** Why the gate refused the upload, if it did (the storage layer may report another error). */
  failure: AppError | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private judged = false;
  private readonly scanner = new PdfContentScanner();
  /** Every chunk, for the object-level check at the end. */
  private readonly kept: Buffer[] = [];

  constructor(
    private readonly maxBytes: number,
    private readonly objectsTimeoutMs?: number,
  ) {
    super();
  }

  /** Refuses from outside (deadline passed, client gone), keeping the first reason. */
  refuse(error: AppError): void {
    this.failure ??= error;
    this.destroy(this.failure);
  }

  private fail(error: AppError, callback: TransformCallback): void {
    this.failure ??= error;
    callback(this.failure);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return this.fail(tooLarge(), callback);
    if (!this.judged) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      // Refuse obvious non-PDFs at once rather than after 4 KB.
      if (this.headBytes >= PDF_MAGIC.length && !startsWithMagic(this.head)) return this.fail(notPdf(), callback);
    }
    // Active content anywhere in the file refuses it; the storage write it feeds is abandoned.
    const problem = this.scanner.push(chunk);
    if (problem) return this.fail(contentRefusals[problem](), callback);
    this.kept.push(chunk);
    if (this.judged) return callback(null, chunk);
    if (this.headBytes < HEAD_BYTES) return callback();
    this.judgeHead(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) return this.fail(emptyFile(), callback);
    const finish = (error?: Error | null) => {
      if (error) return callback(error);
      const problem = this.scanner.finish();
      if (problem) return this.fail(contentRefusals[problem](), callback);
      this.judgeObjects(callback);
    };
    if (this.judged) return finish();
    this.judgeHead((error, data) => {
      if (error) return callback(error);
      if (data) this.push(data);
      finish();
    });
  }

  /** Active content anywhere among the file's objects (object streams and every update included). */
  private judgeObjects(callback: TransformCallback): void {
    const file = Buffer.concat(this.kept);
    this.kept.length = 0;
    findActiveObjects(file, this.objectsTimeoutMs).then(
      ({ active }) => (active ? this.fail(contentRefusals.active_content(), callback) : callback()),
      () => this.fail(contentRefusals.unreadable(), callback),
    );
  }

  private judgeHead(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return this.fail(notPdf(), callback);
    // Loaded on the first upload, not at start-up.
    import('file-type')
      .then(({ fileTypeFromBuffer }) => fileTypeFromBuffer(head.subarray(0, HEAD_BYTES)))
      .then(
        (type) => {
          if (type?.mime !== 'application/pdf') return this.fail(notPdf(), callback);
          this.judged = true;
          callback(null, head);
        },
        () => this.fail(notPdf(), callback),
      );
  }
}

function startsWithMagic(chunks: Buffer[]): boolean {
  const start = Buffer.concat(chunks.length === 1 ? chunks : chunks.slice(0, PDF_MAGIC.length)).subarray(0, PDF_MAGIC.length);
  return start.equals(PDF_MAGIC);
}
