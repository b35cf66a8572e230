import type { PDFPage } from 'pdf-lib';
import { offersMessages as text } from '../../../shared/messages/offers.ts';
import { annexureRows, formatRupees, type CtcBreakup } from '../../../shared/offer-ctc.ts';
import type { PdfText } from '../../pdf/indic-text.ts';
import { INK, LEFT, LetterLayout, RIGHT, RULE } from '../letters/letter-layout.ts';

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

/**
 * The offer letter on A4, laid out as the company's other letters (letters/letter-layout.ts): the
 * logo, name and address; the date and reference once sent; the company's offer wording; the
 * sign-off with the signatory's name and designation; then the CTC annexure, a year and a month
 * for each component. A sent letter's pages carry the QR code of /verify/<code>; a preview says on
 * every page that it is a draft and carries no date, reference or code.
 */
export async function renderOfferLetterPdf(facts: OfferLetterFacts): Promise<Buffer> {
  const layout = await LetterLayout.start({
    title: facts.subject,
    companyName: facts.companyName,
    addressLines: facts.addressLines,
    logoPng: facts.logoPng,
    issued: facts.issued,
    draft: { mark: text.letterDraftMark, note: text.letterDraftNote },
  });
  layout.body(facts.subject, facts.body, facts.expiryLine ? [facts.expiryLine] : []);
  layout.signOff(facts.signatoryName ? { name: facts.signatoryName, designation: facts.signatoryDesignation } : null);

  // The annexure starts on a page of its own, as Indian offer letters attach it.
  layout.newPage();
  layout.write(text.letterAnnexure, 14, true, 20);
  layout.write(`${facts.candidateName}, ${facts.title}`, 10);
  layout.y -= 12;
  layout.y = annexureTable(layout.page, layout.y, facts.ctc, layout.text);
  layout.y -= 16;
  layout.write(text.letterMonthlyNote, 9);
  return layout.finish();
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
    cell(formatRupees(row.annualPaise), annualRight, total);
    cell(formatRupees(row.monthlyPaise), monthlyRight, total);
    y -= rowHeight;
  }
  return y;
}
