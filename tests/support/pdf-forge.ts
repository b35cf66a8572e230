import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRef, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * PDFs made in the tests the way real writers and forgers make them (issue 35): generated with
 * pdf-lib (object streams, PDF 1.5 style), and edited afterwards by appending an incremental update
 * by hand, its objects plain or packed in a compressed object stream.
 */

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The last trailer's facts: where its cross-reference starts, its /Size and /Root. */
function lastTrailer(base: Uint8Array): { startxref: number; size: number; root: string } {
  const text = latin1(base);
  const startxref = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1];
  const size = [...text.matchAll(/\/Size\s+(\d+)/g)].at(-1)?.[1];
  const root = [...text.matchAll(/\/Root\s+(\d+\s+\d+\s+R)/g)].at(-1)?.[1];
  if (!startxref || !size || !root) throw new Error('not a PDF with a trailer');
  return { startxref: Number(startxref), size: Number(size), root };
}

/**
 * Appends a revision: `objects` maps object numbers (existing ones to replace them, new ones from
 * /Size up) to their bodies. Plain objects get a classic cross-reference table; `compressed` packs
 * them into a FlateDecode object stream indexed by a cross-reference stream, as PDF 1.5 writers do.
 */
export function appendRevision(base: Uint8Array, objects: Record<number, string>, options: { compressed?: boolean; trailerExtra?: string } = {}): Buffer {
  const { startxref, size, root } = lastTrailer(base);
  const numbers = Object.keys(objects).map(Number).sort((a, b) => a - b);
  let body = latin1(base);
  if (!body.endsWith('\n')) body += '\n';
  const newSize = Math.max(size, ...numbers.map((n) => n + 1));
  if (!options.compressed) {
    const offsets = new Map<number, number>();
    for (const number of numbers) {
      offsets.set(number, body.length);
      body += `${number} 0 obj\n${objects[number]}\nendobj\n`;
    }
    const xref = body.length;
    body += 'xref\n0 1\n0000000000 65535 f \n';
    for (const number of numbers) body += `${number} 1\n${String(offsets.get(number)).padStart(10, '0')} 00000 n \n`;
    body += `trailer\n<< /Size ${newSize} /Root ${root} /Prev ${startxref} ${options.trailerExtra ?? ''}>>\nstartxref\n${xref}\n%%EOF\n`;
    return Buffer.from(body, 'latin1');
  }
  // Streams cannot sit in an object stream: they stay plain objects, the rest is packed.
  const plain = numbers.filter((number) => /\bstream\r?\n/.test(objects[number] ?? ''));
  const packable = numbers.filter((number) => !plain.includes(number));
  const plainOffsets = new Map<number, number>();
  for (const number of plain) {
    plainOffsets.set(number, Buffer.byteLength(body, 'latin1'));
    body += `${number} 0 obj\n${objects[number]}\nendobj\n`;
  }
  // Object stream: "num offset" pairs, then the objects.
  const streamNumber = newSize;
  const xrefNumber = newSize + 1;
  let header = '';
  let payload = '';
  for (const number of packable) {
    header += `${number} ${payload.length} `;
    payload += `${objects[number]}\n`;
  }
  const packed = deflateSync(Buffer.from(header + payload, 'latin1'));
  const streamOffset = Buffer.byteLength(body, 'latin1');
  body += `${streamNumber} 0 obj\n<< /Type /ObjStm /N ${packable.length} /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`;
  const head = Buffer.from(body, 'latin1');
  const afterStream = `\nendstream\nendobj\n`;
  const xrefOffset = head.length + packed.length + afterStream.length;
  // Cross-reference stream: W [1 4 2]; type 2 entries point into the object stream.
  const rows: Buffer[] = [];
  const index: number[] = [];
  const row = (type: number, field2: number, field3: number) => {
    const entry = Buffer.alloc(7);
    entry.writeUInt8(type, 0);
    entry.writeUInt32BE(field2, 1);
    entry.writeUInt16BE(field3, 5);
    rows.push(entry);
  };
  packable.forEach((number, at) => {
    index.push(number, 1);
    row(2, streamNumber, at);
  });
  for (const number of plain) {
    index.push(number, 1);
    row(1, plainOffsets.get(number) ?? 0, 0);
  }
  index.push(streamNumber, 2);
  row(1, streamOffset, 0);
  row(1, xrefOffset, 0);
  const table = Buffer.concat(rows);
  const xrefDict = `${xrefNumber} 0 obj\n<< /Type /XRef /Size ${xrefNumber + 1} /Root ${root} /Prev ${startxref} /W [1 4 2] /Index [${index.join(' ')}] /Length ${table.length} ${options.trailerExtra ?? ''}>>\nstream\n`;
  return Buffer.concat([head, packed, Buffer.from(afterStream + xrefDict, 'latin1'), table, Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1')]);
}

/** Object numbers of a pdf-lib document's catalog, page tree, first page and its content stream, to replace them in an update. */
export async function objectNumbers(bytes: Uint8Array): Promise<{ catalog: number; pages: number; firstPage: number; firstContents: number }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const refNumber = (value: unknown) => (value instanceof PDFRef ? value.objectNumber : -1);
  return {
    catalog: refNumber(doc.context.trailerInfo.Root),
    pages: refNumber(doc.catalog.get(PDFName.of('Pages'))),
    firstPage: page.ref.objectNumber,
    firstContents: refNumber(page.node.get(PDFName.of('Contents')) instanceof PDFArray ? (page.node.get(PDFName.of('Contents')) as PDFArray).get(0) : page.node.get(PDFName.of('Contents'))),
  };
}

/** A pdf-lib document with object streams and one active-content entry set up by `arm`. */
export async function activePdf(arm: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Salary slip', { x: 20, y: 150, size: 12 });
  arm(doc);
  return doc.save({ useObjectStreams: true });
}

export interface SlipLine {
  text: string;
  x: number;
  /** From the top of the page, in points. */
  top: number;
  size?: number;
  bold?: boolean;
}

export interface MadeDocument {
  doc: PDFDocument;
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  draw: (line: SlipLine) => void;
}

/** An A4 document with metadata as a payroll system or bank would write it; `lines` drawn in Helvetica. */
export async function makeDocument(
  lines: SlipLine[],
  meta: { producer?: string; creator?: string; created?: Date; modified?: Date } = {},
  extra?: (made: MadeDocument) => void | Promise<void>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([595, 842]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const draw = (line: SlipLine) => page.drawText(line.text, { x: line.x, y: 842 - line.top, size: line.size ?? 10, font: line.bold ? bold : regular, color: rgb(0, 0, 0) });
  for (const line of lines) draw(line);
  await extra?.({ doc, page, regular, bold, draw });
  doc.setProducer(meta.producer ?? 'greytHR Payroll');
  doc.setCreator(meta.creator ?? 'greytHR');
  doc.setCreationDate(meta.created ?? new Date('2026-10-31T10:00:00Z'));
  doc.setModificationDate(meta.modified ?? meta.created ?? new Date('2026-10-31T10:00:00Z'));
  return doc.save({ useObjectStreams: true });
}

/** A realistic Indian salary slip's lines (two columns: earnings and deductions), amounts consistent. */
export function payslipLines(
  overrides: { name?: string; uan?: string; employer?: string; basic?: number; hra?: number; special?: number; pf?: number; tax?: number; net?: number; gross?: number; totalDeductions?: number } = {},
): SlipLine[] {
  const basic = overrides.basic ?? 30_000;
  const hra = overrides.hra ?? 15_000;
  const special = overrides.special ?? 12_400;
  const pf = overrides.pf ?? Math.round(basic * 0.12);
  const tax = overrides.tax ?? 200;
  const gross = overrides.gross ?? basic + hra + special;
  const totalDeductions = overrides.totalDeductions ?? pf + tax;
  const net = overrides.net ?? gross - totalDeductions;
  const inr = (value: number) => value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const row = (top: number, left: string, leftAmount: number, right: string, rightAmount: number | null): SlipLine[] => [
    { text: left, x: 40, top },
    { text: inr(leftAmount), x: 200, top },
    ...(right ? [{ text: right, x: 320, top }] : []),
    ...(rightAmount !== null ? [{ text: inr(rightAmount), x: 480, top }] : []),
  ];
  return [
    { text: overrides.employer ?? 'Acme Technologies Pvt. Ltd.', x: 40, top: 60, size: 14, bold: true },
    { text: 'Payslip for the month of October 2026', x: 40, top: 85 },
    { text: `Employee Name: ${overrides.name ?? 'Arjun Mehta'}`, x: 40, top: 115 },
    { text: `UAN: ${overrides.uan ?? '100123456789'}`, x: 320, top: 115 },
    { text: 'Earnings', x: 40, top: 150, bold: true },
    { text: 'Amount (Rs.)', x: 200, top: 150, bold: true },
    { text: 'Deductions', x: 320, top: 150, bold: true },
    { text: 'Amount (Rs.)', x: 480, top: 150, bold: true },
    ...row(170, 'Basic', basic, 'Provident Fund', pf),
    ...row(185, 'House Rent Allowance', hra, 'Professional Tax', tax),
    ...row(200, 'Special Allowance', special, '', null),
    ...row(225, 'Gross Earnings', gross, 'Total Deductions', totalDeductions),
    { text: 'Net Pay', x: 40, top: 255, bold: true },
    { text: inr(net), x: 200, top: 255, bold: true },
  ];
}

/**
 * An edit as a forger makes it in an editor that saves incrementally: a later revision gives the
 * first page a second content stream that paints a white box over a figure and writes another in
 * the page's own font. `top` and the box are in points from the page's top.
 */
export async function paintOverInUpdate(
  base: Uint8Array,
  edit: { box: { x: number; top: number; width: number; height: number }; text: string; x: number; top: number; size?: number },
  options: { compressed?: boolean } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const page = doc.getPage(0);
  const height = page.getHeight();
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
  const fontName = fonts && 'keys' in fonts ? String((fonts as { keys: () => PDFName[] }).keys()[0]) : '/F1';
  const { box } = edit;
  const content = `q 1 1 1 rg ${box.x} ${height - box.top - box.height} ${box.width} ${box.height} re f Q BT ${fontName} ${edit.size ?? 10} Tf ${edit.x} ${height - edit.top} Td (${edit.text}) Tj ET`;
  // Past every object, those pdf-lib does not list (its object and cross-reference streams) included.
  const nextNumber = Math.max(lastTrailer(base).size, doc.context.largestObjectNumber + 1);
  const contents = page.node.get(PDFName.of('Contents'));
  const existing = contents instanceof PDFArray ? contents.asArray() : [contents!];
  const pageDict = page.node.clone(doc.context);
  pageDict.set(PDFName.of('Contents'), doc.context.obj([...existing, PDFRef.of(nextNumber)]));
  return appendRevision(base, { [page.ref.objectNumber]: pageDict.toString(), [nextNumber]: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` }, options);
}
