import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { PdfText } from '../../pdf/indic-text.ts';

export interface LetterPdfFacts {
  title: string;
  body: string;
  companyName: string;
  /** The company's logo as PNG, if it has one. */
  logoPng: Buffer | null;
  code: string;
  verifyUrl: string;
  issuedOn: string;
  issuedAt: Date;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 56;
const RIGHT = A4[0] - 56;
const FOOTER_TOP = 150;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/** The QR code of the verification address as one SVG path of dark modules, and its size in modules (qrcode.react's encoder). */
export function qrPath(value: string): { path: string; modules: number } {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', marginSize: 0 }));
  const modules = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const paths = [...svg.matchAll(/<path fill="#000000" d="([^"]+)"/g)].map((match) => match[1]);
  if (!modules || paths.length !== 1) throw new Error('unexpected QR code markup');
  return { path: paths[0]!, modules };
}

/**
 * A letter on A4: the company's logo and name, the date and reference, the subject, the text in
 * paragraphs (more pages if it needs them), the sign-off, and on every page a footer with the QR
 * code of /verify/<code> and the address written out. Standard fonts for Latin, subsets of Noto
 * Sans for names and text in India's scripts (server/pdf/indic-text.ts), vector QR: tens of kilobytes.
 */
export async function renderLetterPdf(facts: LetterPdfFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  // The document information holds Unicode (UTF-16) as it is.
  pdf.setTitle(`${facts.title} - ${facts.companyName}`);
  pdf.setAuthor(facts.companyName);
  pdf.setProducer('WorkCred');
  pdf.setCreator('WorkCred');
  pdf.setCreationDate(facts.issuedAt);
  pdf.setModificationDate(facts.issuedAt);
  const text = await PdfText.create(pdf);
  const logo = facts.logoPng ? await pdf.embedPng(facts.logoPng) : null;
  const qr = qrPath(facts.verifyUrl);

  let page = pdf.addPage(A4);
  let y = header(page, facts, logo, text);
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= FOOTER_TOP) return;
    page = pdf.addPage(A4);
    y = A4[1] - 64;
  };
  const write = (value: string, size: number, bold = false, leading = size * 1.45) => {
    for (const line of text.wrap(value, size, RIGHT - LEFT, bold)) {
      newPageIfBelow(leading);
      text.draw(page, line, { x: LEFT, y, size, bold, color: INK });
      y -= leading;
    }
  };

  write(facts.title, 15, true, 22);
  y -= 10;
  for (const paragraph of facts.body.split(/\n\s*\n/).map((value) => value.trim()).filter(Boolean)) {
    for (const line of paragraph.split('\n')) write(line, 11);
    y -= 9;
  }
  y -= 14;
  newPageIfBelow(60);
  write(`For ${facts.companyName}`, 11, true);
  y -= 26;
  write('Authorised signatory', 10);

  for (const each of pdf.getPages()) footer(each, facts, qr, text);
  text.finish();
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

function header(page: PDFPage, facts: LetterPdfFacts, logo: PDFImage | null, text: PdfText): number {
  const top = A4[1] - 56;
  let nameX = LEFT;
  if (logo) {
    const size = logo.scaleToFit(48, 48);
    page.drawImage(logo, { x: LEFT, y: top - size.height + 12, width: size.width, height: size.height });
    nameX = LEFT + size.width + 12;
  }
  text.draw(page, facts.companyName, { x: nameX, y: top - 12, size: 16, bold: true, color: INK });
  page.drawLine({ start: { x: LEFT, y: top - 46 }, end: { x: RIGHT, y: top - 46 }, thickness: 0.8, color: rgb(0.8, 0.8, 0.83) });
  const date = `Date: ${facts.issuedOn}`;
  const reference = `Ref: ${facts.code}`;
  text.draw(page, date, { x: RIGHT - text.width(date, 10), y: top - 70, size: 10, color: INK });
  text.draw(page, reference, { x: RIGHT - text.width(reference, 10), y: top - 84, size: 10, color: MUTED });
  return top - 120;
}

function footer(page: PDFPage, facts: LetterPdfFacts, qr: { path: string; modules: number }, text: PdfText) {
  const size = 84;
  const bottom = 40;
  page.drawLine({ start: { x: LEFT, y: bottom + size + 16 }, end: { x: RIGHT, y: bottom + size + 16 }, thickness: 0.5, color: rgb(0.85, 0.85, 0.88) });
  // drawSvgPath draws downwards from (x, y), as SVG does.
  page.drawSvgPath(qr.path, { x: LEFT, y: bottom + size, scale: size / qr.modules, color: rgb(0, 0, 0), borderWidth: 0 });
  const x = LEFT + size + 18;
  text.draw(page, 'Verify this letter', { x, y: bottom + size - 12, size: 10, bold: true, color: INK });
  text.draw(page, facts.verifyUrl, { x, y: bottom + size - 28, size: 9, color: INK });
  text.draw(page, `Code: ${facts.code}`, { x, y: bottom + size - 42, size: 9, color: INK });
  const note = text.wrap(`Scan the code or open the address to check that ${facts.companyName} issued this letter through WorkCred and has not revoked it.`, 8, RIGHT - x);
  note.forEach((line, index) => text.draw(page, line, { x, y: bottom + size - 58 - index * 11, size: 8, color: MUTED }));
}
