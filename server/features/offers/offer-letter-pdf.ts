import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { annexureRows, formatRupees, type CtcBreakup } from '../../../shared/offer-ctc.ts';
import { PdfText } from '../../pdf/indic-text.ts';
import { qrPath } from '../letters/letter-pdf.ts';

export interface OfferLetterFacts {
  subject: string;
  body: string;
  companyName: string;
  /** The registered address from the billing profile, a line each; empty in a preview without one. */
  addressLines: string[];
  logoPng: Buffer | null;
  signatoryName: string | null;
  signatoryDesignation: string | null;
  candidateName: string;
  title: string;
  expiryLine: string | null;
  ctc: CtcBreakup;
  /** A sent letter: its date, code and verification address. A preview has none (it has not happened). */
  issued: { on: string; at: Date; code: string; verifyUrl: string } | null;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 56;
const RIGHT = A4[0] - 56;
const FOOTER_TOP = 150;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.83);

/** The PDF's standard fonts have no rupee sign: amounts are written "Rs. 12,34,567", as on invoices. */
const rupees = (paise: number) => formatRupees(paise).replace('₹', 'Rs. ');

/**
 * The offer letter on A4, in the shape of the company's other letters (letters/letter-pdf.ts): the
 * logo, name and address; the date and reference once sent; the company's offer wording; the
 * sign-off with the signatory's name and designation; then the CTC annexure, a year and a month
 * for each component. A sent letter's pages carry the QR code of /verify/<code>; a preview says on
 * every page that it is a draft and carries no date, reference or code.
 */
export async function renderOfferLetterPdf(facts: OfferLetterFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${facts.subject} - ${facts.companyName}`);
  pdf.setAuthor(facts.companyName);
  pdf.setProducer('WorkCred');
  pdf.setCreator('WorkCred');
  const stamp = facts.issued?.at ?? new Date(0);
  pdf.setCreationDate(stamp);
  pdf.setModificationDate(stamp);
  const writer = await PdfText.create(pdf);
  const logo = facts.logoPng ? await pdf.embedPng(facts.logoPng) : null;

  let page = pdf.addPage(A4);
  let y = header(page, facts, logo, writer);
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= FOOTER_TOP) return;
    page = pdf.addPage(A4);
    y = A4[1] - 64;
  };
  const write = (value: string, size: number, bold = false, leading = size * 1.45) => {
    for (const line of writer.wrap(value, size, RIGHT - LEFT, bold)) {
      newPageIfBelow(leading);
      writer.draw(page, line, { x: LEFT, y, size, bold, color: INK });
      y -= leading;
    }
  };

  write(facts.subject, 15, true, 22);
  y -= 10;
  const paragraphs = facts.body.split(/\n\s*\n/).map((value) => value.trim()).filter(Boolean);
  if (facts.expiryLine) paragraphs.push(facts.expiryLine);
  for (const paragraph of paragraphs) {
    for (const line of paragraph.split('\n')) write(line, 11);
    y -= 9;
  }
  y -= 14;
  newPageIfBelow(90);
  write(`For ${facts.companyName}`, 11, true);
  y -= 30;
  write(facts.signatoryName ?? 'Authorised signatory', 11, true);
  if (facts.signatoryDesignation) write(facts.signatoryDesignation, 10);

  // The annexure starts on a page of its own, as Indian offer letters attach it.
  page = pdf.addPage(A4);
  y = A4[1] - 64;
  write(text.letterAnnexure, 14, true, 20);
  write(`${facts.candidateName}, ${facts.title}`, 10);
  y -= 12;
  y = annexureTable(page, y, facts.ctc, writer);
  y -= 16;
  write(text.letterMonthlyNote, 9);

  for (const each of pdf.getPages()) footer(each, facts, writer);
  writer.finish();
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

function header(page: PDFPage, facts: OfferLetterFacts, logo: PDFImage | null, writer: PdfText): number {
  const top = A4[1] - 56;
  let nameX = LEFT;
  if (logo) {
    const size = logo.scaleToFit(48, 48);
    page.drawImage(logo, { x: LEFT, y: top - size.height + 12, width: size.width, height: size.height });
    nameX = LEFT + size.width + 12;
  }
  writer.draw(page, facts.companyName, { x: nameX, y: top - 8, size: 16, bold: true, color: INK });
  facts.addressLines.slice(0, 3).forEach((line, index) => writer.draw(page, line, { x: nameX, y: top - 24 - index * 11, size: 8.5, color: MUTED }));
  const rule = top - 62;
  page.drawLine({ start: { x: LEFT, y: rule }, end: { x: RIGHT, y: rule }, thickness: 0.8, color: RULE });
  const lines = facts.issued ? [`Date: ${facts.issued.on}`, `Ref: ${facts.issued.code}`] : [text.letterDraftMark];
  lines.forEach((line, index) => {
    const size = facts.issued ? 10 : 11;
    writer.draw(page, line, { x: RIGHT - writer.width(line, size, !facts.issued), y: rule - 22 - index * 14, size, bold: !facts.issued, color: index === 0 && facts.issued ? INK : MUTED });
  });
  return rule - 60;
}

/** Component | per year | per month, amounts right-aligned, the total in bold under a rule. */
function annexureTable(page: PDFPage, top: number, ctc: CtcBreakup, writer: PdfText): number {
  const annualRight = RIGHT - 110;
  const monthlyRight = RIGHT;
  const rowHeight = 20;
  let y = top;
  const cell = (value: string, right: number | null, bold: boolean) => {
    const x = right === null ? LEFT : right - writer.width(value, 10, bold);
    writer.draw(page, value, { x, y, size: 10, bold, color: INK });
  };
  cell(text.letterComponent, null, true);
  cell(text.letterAnnual, annualRight, true);
  cell(text.letterMonthly, monthlyRight, true);
  page.drawLine({ start: { x: LEFT, y: y - 6 }, end: { x: RIGHT, y: y - 6 }, thickness: 0.6, color: RULE });
  y -= rowHeight;
  for (const row of annexureRows(ctc)) {
    const total = row.component === 'total';
    if (total) {
      page.drawLine({ start: { x: LEFT, y: y + 13 }, end: { x: RIGHT, y: y + 13 }, thickness: 0.6, color: RULE });
      y -= 4;
    }
    cell(text.components[row.component], null, total);
    cell(rupees(row.annualPaise), annualRight, total);
    cell(rupees(row.monthlyPaise), monthlyRight, total);
    y -= rowHeight;
  }
  return y;
}

function footer(page: PDFPage, facts: OfferLetterFacts, writer: PdfText) {
  const size = 84;
  const bottom = 40;
  page.drawLine({ start: { x: LEFT, y: bottom + size + 16 }, end: { x: RIGHT, y: bottom + size + 16 }, thickness: 0.5, color: rgb(0.85, 0.85, 0.88) });
  if (!facts.issued) {
    writer.draw(page, text.letterDraftMark, { x: LEFT, y: bottom + size - 12, size: 10, bold: true, color: INK });
    writer.wrap(text.letterDraftNote, 8, RIGHT - LEFT).forEach((line, index) => writer.draw(page, line, { x: LEFT, y: bottom + size - 28 - index * 11, size: 8, color: MUTED }));
    return;
  }
  const qr = qrPath(facts.issued.verifyUrl);
  page.drawSvgPath(qr.path, { x: LEFT, y: bottom + size, scale: size / qr.modules, color: rgb(0, 0, 0), borderWidth: 0 });
  const x = LEFT + size + 18;
  writer.draw(page, 'Verify this letter', { x, y: bottom + size - 12, size: 10, bold: true, color: INK });
  writer.draw(page, facts.issued.verifyUrl, { x, y: bottom + size - 28, size: 9, color: INK });
  writer.draw(page, `Code: ${facts.issued.code}`, { x, y: bottom + size - 42, size: 9, color: INK });
  const note = writer.wrap(`Scan the code or open the address to check that ${facts.companyName} issued this letter through WorkCred and has not revoked it.`, 8, RIGHT - x);
  note.forEach((line, index) => writer.draw(page, line, { x, y: bottom + size - 58 - index * 11, size: 8, color: MUTED }));
}
