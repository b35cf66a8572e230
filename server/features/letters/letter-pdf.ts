import { LetterLayout } from './letter-layout.ts';

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

/**
 * A letter on A4: the company's logo and name, the date and reference, the subject, the text in
 * paragraphs (more pages if it needs them), the sign-off, and on every page a footer with the QR
 * code of /verify/<code> and the address written out (letter-layout.ts). Standard fonts for
 * Latin, subsets of Noto Sans for names and text in India's scripts (server/pdf/indic-text.ts),
 * vector QR: tens of kilobytes.
 */
export async function renderLetterPdf(facts: LetterPdfFacts): Promise<Buffer> {
  const layout = await LetterLayout.start({
    title: facts.title,
    companyName: facts.companyName,
    addressLines: [],
    logoPng: facts.logoPng,
    issued: { on: facts.issuedOn, code: facts.code, at: facts.issuedAt, verifyUrl: facts.verifyUrl },
  });
  layout.body(facts.title, facts.body);
  layout.signOff(null);
  return layout.finish();
}
