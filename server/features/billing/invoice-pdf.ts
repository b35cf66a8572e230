import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { amountInWords, formatIstDate, formatPaise, GST_RATE_PERCENT } from '../../../shared/gst.ts';
import type { InvoicePartyJson } from '../../db/schema-billing.ts';
import { PdfText } from '../../pdf/indic-text.ts';

export interface InvoiceFacts {
  number: string;
  issuedAt: Date;
  description: string;
  sac: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  placeOfSupplyCode: string;
  recipient: InvoicePartyJson;
  supplier: InvoicePartyJson;
}

/**
 * A GST tax invoice (CGST Rules, rule 46): supplier and recipient with GSTINs, a number unique in
 * the financial year, date, place of supply, SAC, taxable value, each tax with its rate, the total
 * in figures and in words. A4, standard fonts (and subsets of Noto Sans for a name or address in
 * India's scripts, server/pdf/indic-text.ts), no images: a few kilobytes, made in milliseconds.
 */
export async function renderInvoicePdf(facts: InvoiceFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax Invoice ${facts.number}`);
  pdf.setAuthor(facts.supplier.legal_name);
  pdf.setCreationDate(facts.issuedAt);
  const page = pdf.addPage([595.28, 841.89]);
  const writer = await PdfText.create(pdf);
  const left = 48;
  const right = 547;
  let y = 790;
  const text = (value: string, x: number, size = 10, bold = false) => writer.draw(page, value, { x, y, size, bold, color: rgb(0.1, 0.1, 0.12) });
  const textRight = (value: string, x: number, size = 10, bold = false) => text(value, x - writer.width(value, size, bold), size, bold);
  const line = (gap = 14) => {
    y -= gap;
  };

  text('Tax Invoice', left, 20, true);
  textRight(`Invoice No. ${facts.number}`, right, 11, true);
  line(16);
  textRight(`Date: ${formatIstDate(facts.issuedAt)}`, right);
  line(28);

  party(page, { title: 'Supplier', party: facts.supplier, x: left, y, writer });
  party(page, { title: 'Bill to', party: facts.recipient, x: 310, y, writer });
  y -= 96;
  text(`Place of supply: ${facts.recipient.state} (${facts.placeOfSupplyCode})`, left, 10, true);
  line();
  text('Tax payable under reverse charge: No', left);
  line(28);

  // The line and its taxes
  const rule = () => page.drawLine({ start: { x: left, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.6, color: rgb(0.7, 0.7, 0.72) });
  rule();
  text('Description', left, 10, true);
  text('SAC', 360, 10, true);
  textRight('Amount', right, 10, true);
  line(18);
  rule();
  // Wrapped at spaces, never inside a date: slicing at 64 characters printed "27 Dec 2" / "026".
  const [firstLine = '', ...moreLines] = wrap(facts.description, 64);
  text(firstLine, left);
  text(facts.sac, 360);
  textRight(formatPaise(facts.taxablePaise), right);
  for (const more of moreLines) {
    line(12);
    text(more, left);
  }
  line(22);
  rule();
  const row = (label: string, paise: number, bold = false) => {
    text(label, 300, 10, bold);
    textRight(formatPaise(paise), right, 10, bold);
    line(16);
  };
  row('Taxable value', facts.taxablePaise);
  if (facts.igstPaise > 0 || (facts.cgstPaise === 0 && facts.sgstPaise === 0 && facts.supplier.state_code !== facts.placeOfSupplyCode)) {
    row(`IGST @ ${GST_RATE_PERCENT}%`, facts.igstPaise);
  } else {
    row(`CGST @ ${GST_RATE_PERCENT / 2}%`, facts.cgstPaise);
    row(`SGST @ ${GST_RATE_PERCENT / 2}%`, facts.sgstPaise);
  }
  line(2);
  rule();
  row('Total', facts.totalPaise, true);
  line(6);
  text(`Amount in words: ${amountInWords(facts.totalPaise)}`, left, 10);
  line(40);
  text('This is a computer-generated invoice and needs no signature.', left, 9);
  line(12);
  text(`Paid online through the company's WorkCred subscription. Questions: billing@workcred.in`, left, 9);

  writer.finish();
  return Buffer.from(await pdf.save());
}

function party(page: PDFPage, { title, party, x, y, writer }: { title: string; party: InvoicePartyJson; x: number; y: number; writer: PdfText }) {
  const lines = [party.legal_name, ...wrap(party.address, 44), `State: ${party.state} (${party.state_code})`, party.gstin ? `GSTIN: ${party.gstin}` : 'GSTIN: not registered'];
  writer.draw(page, title.toUpperCase(), { x, y, size: 8, bold: true, color: rgb(0.4, 0.4, 0.45) });
  lines.forEach((value, index) => writer.draw(page, value, { x, y: y - 14 - index * 13, size: 10, bold: index === 0, color: rgb(0.1, 0.1, 0.12) }));
}

/** Words, a date ("28 Dec 2026") counting as one so that no line breaks inside it. */
const WORDS = /\d{1,2} [A-Z][a-z]{2,3} \d{4}|\S+/g;

function wrap(value: string, width: number): string[] {
  const words = value.match(WORDS) ?? [];
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines.slice(0, 3);
}
