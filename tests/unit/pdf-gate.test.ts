import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { PdfGate } from '../../server/features/candidate-documents/pdf-gate.ts';
import { makePdf } from '../support/pdf.ts';

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

describe('upload gate: reading the objects (issue 35)', () => {
  it('refuses a file whose objects take longer to read than allowed, rather than letting it through unread', async () => {
    const gate = new PdfGate(1_000_000, 1);
    await expect(pipeline(Readable.from([makePdf({ text: 'Salary slip' })]), gate, sink())).rejects.toMatchObject({ code: 'PDF_UNREADABLE', statusCode: 422 });
  });

  it('passes a plain PDF in time', async () => {
    const gate = new PdfGate(1_000_000);
    await pipeline(Readable.from([makePdf({ text: 'Salary slip' })]), gate, sink());
    expect(gate.failure).toBeUndefined();
  });
});
