import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { PdfText } from '../../pdf/indic-text.ts';

export const A4: [number, number] = [595.28, 841.89];
export const LEFT = 56;
export const RIGHT = A4[0] - 56;
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);
export const RULE = rgb(0.8, 0.8, 0.83);
const FOOTER_TOP = 150;
const PAGE_TOP = A4[1] - 64;

/** The QR code of the verification address as one SVG path of dark modules, and its size in modules (qrcode.react's encoder). */
export function qrPath(value: string): { path: string; modules: number } {
  const svg = renderToStaticMarkup(createElement(QRCodeSVG, { value, level: 'M', marginSize: 0 }));
  const modules = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const paths = [...svg.matchAll(/<path fill="#000000" d="([^"]+)"/g)].map((match) => match[1]);
  if (!modules || paths.length !== 1) throw new Error('unexpected QR code markup');
  return { path: paths[0]!, modules };
}

export interface LetterheadFacts {
  /** The document's title in its properties (the company's name is added). */
  title: string;
  companyName: string;
  /** The registered address, a line each (at most three are shown); none leaves the letterhead a line shorter. */
  addressLines: string[];
  logoPng: Buffer | null;
  /** An issued letter's date, reference, time and verification address; null for a draft, which has none. */
  issued: { on: string; code: string; at: Date; verifyUrl: string } | null;
  /** For a draft: the mark at the top right and at the foot of every page, and the note under it. */
  draft?: { mark: string; note: string };
}

/**
 * One letter being laid out on A4, page after page: the letterhead (logo, name, address, a rule,
 * the date and reference or the draft mark), text that wraps and runs on to new pages above the
 * footer, the sign-off, and on finish() the footer of every page (the QR code of /verify/<code>
 * with the address written out, or the draft note). Letters and offer letters both use it, so a
 * company's letters share one look.
 */
export class LetterLayout {
  page: PDFPage;
  /** Where the next line's baseline goes, in points from the bottom of the page. */
  y: number;

  private constructor(
    readonly pdf: PDFDocument,
    readonly text: PdfText,
    private readonly facts: LetterheadFacts,
    logo: PDFImage | null,
  ) {
    this.page = pdf.addPage(A4);
    this.y = letterhead(this.page, facts, logo, text);
  }

  static async start(facts: LetterheadFacts): Promise<LetterLayout> {
    const pdf = await PDFDocument.create();
    // The document information holds Unicode (UTF-16) as it is.
    pdf.setTitle(`${facts.title} - ${facts.companyName}`);
    pdf.setAuthor(facts.companyName);
    pdf.setProducer('WorkCred');
    pdf.setCreator('WorkCred');
    // A fixed time for a draft, so the same preview gives the same bytes.
    const stamp = facts.issued?.at ?? new Date(0);
    pdf.setCreationDate(stamp);
    pdf.setModificationDate(stamp);
    const text = await PdfText.create(pdf);
    const logo = facts.logoPng ? await pdf.embedPng(facts.logoPng) : null;
    return new LetterLayout(pdf, text, facts, logo);
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = PAGE_TOP;
  }

  /** Starts a new page unless `needed` points are left above the footer. */
  newPageIfBelow(needed: number): void {
    if (this.y - needed < FOOTER_TOP) this.newPage();
  }

  /** Writes text across the page's width, wrapped into lines, each on a new page if it must. */
  write(value: string, size: number, bold = false, leading = size * 1.45): void {
    for (const line of this.text.wrap(value, size, RIGHT - LEFT, bold)) {
      this.newPageIfBelow(leading);
      this.text.draw(this.page, line, { x: LEFT, y: this.y, size, bold, color: INK });
      this.y -= leading;
    }
  }

  /** The subject in bold, then the text in paragraphs (split at blank lines), then any more paragraphs. */
  body(subject: string, body: string, more: string[] = []): void {
    this.write(subject, 15, true, 22);
    this.y -= 10;
    const paragraphs = body.split(/\n\s*\n/).map((value) => value.trim()).filter(Boolean);
    for (const paragraph of [...paragraphs, ...more]) {
      for (const line of paragraph.split('\n')) this.write(line, 11);
      this.y -= 9;
    }
    this.y -= 14;
  }

  /** "For <company>", room to sign, then the signatory's name and designation, or "Authorised signatory". */
  signOff(signatory: { name: string; designation: string | null } | null): void {
    this.newPageIfBelow(signatory ? 90 : 60);
    this.write(`For ${this.facts.companyName}`, 11, true);
    if (!signatory) {
      this.y -= 26;
      this.write('Authorised signatory', 10);
      return;
    }
    this.y -= 30;
    this.write(signatory.name, 11, true);
    if (signatory.designation) this.write(signatory.designation, 10);
  }

  /** Draws every page's footer and gives the document's bytes. */
  async finish(): Promise<Buffer> {
    const qr = this.facts.issued ? qrPath(this.facts.issued.verifyUrl) : null;
    for (const page of this.pdf.getPages()) footer(page, this.facts, qr, this.text);
    this.text.finish();
    return Buffer.from(await this.pdf.save({ useObjectStreams: false }));
  }
}

function letterhead(page: PDFPage, facts: LetterheadFacts, logo: PDFImage | null, text: PdfText): number {
  const top = A4[1] - 56;
  const address = facts.addressLines.slice(0, 3);
  let nameX = LEFT;
  if (logo) {
    const size = logo.scaleToFit(48, 48);
    page.drawImage(logo, { x: LEFT, y: top - size.height + 12, width: size.width, height: size.height });
    nameX = LEFT + size.width + 12;
  }
  text.draw(page, facts.companyName, { x: nameX, y: address.length ? top - 8 : top - 12, size: 16, bold: true, color: INK });
  address.forEach((line, index) => text.draw(page, line, { x: nameX, y: top - 24 - index * 11, size: 8.5, color: MUTED }));
  const rule = address.length ? top - 62 : top - 46;
  page.drawLine({ start: { x: LEFT, y: rule }, end: { x: RIGHT, y: rule }, thickness: 0.8, color: RULE });
  const right = (value: string, y: number, size: number, bold: boolean, color: typeof INK) =>
    text.draw(page, value, { x: RIGHT - text.width(value, size, bold), y, size, bold, color });
  if (facts.issued) {
    right(`Date: ${facts.issued.on}`, rule - 24, 10, false, INK);
    right(`Ref: ${facts.issued.code}`, rule - 38, 10, false, MUTED);
  } else if (facts.draft) right(facts.draft.mark, rule - 24, 11, true, MUTED);
  return rule - 74;
}

function footer(page: PDFPage, facts: LetterheadFacts, qr: { path: string; modules: number } | null, text: PdfText) {
  const size = 84;
  const bottom = 40;
  page.drawLine({ start: { x: LEFT, y: bottom + size + 16 }, end: { x: RIGHT, y: bottom + size + 16 }, thickness: 0.5, color: rgb(0.85, 0.85, 0.88) });
  if (!facts.issued || !qr) {
    if (!facts.draft) return;
    text.draw(page, facts.draft.mark, { x: LEFT, y: bottom + size - 12, size: 10, bold: true, color: INK });
    text.wrap(facts.draft.note, 8, RIGHT - LEFT).forEach((line, index) => text.draw(page, line, { x: LEFT, y: bottom + size - 28 - index * 11, size: 8, color: MUTED }));
    return;
  }
  // drawSvgPath draws downwards from (x, y), as SVG does.
  page.drawSvgPath(qr.path, { x: LEFT, y: bottom + size, scale: size / qr.modules, color: rgb(0, 0, 0), borderWidth: 0 });
  const x = LEFT + size + 18;
  text.draw(page, 'Verify this letter', { x, y: bottom + size - 12, size: 10, bold: true, color: INK });
  text.draw(page, facts.issued.verifyUrl, { x, y: bottom + size - 28, size: 9, color: INK });
  text.draw(page, `Code: ${facts.issued.code}`, { x, y: bottom + size - 42, size: 9, color: INK });
  const note = text.wrap(`Scan the code or open the address to check that ${facts.companyName} issued this letter through WorkCred and has not revoked it.`, 8, RIGHT - x);
  note.forEach((line, index) => text.draw(page, line, { x, y: bottom + size - 58 - index * 11, size: 8, color: MUTED }));
}
