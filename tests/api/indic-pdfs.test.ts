import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, CheckoutResult } from '../../shared/schemas/billing.ts';
import type { CompanyLetter } from '../../shared/schemas/letters.ts';
import { extractPdfText } from '../../server/features/verification/pdf-text.ts';
import { INDIC_SAMPLES, readable } from '../support/indic-samples.ts';
import { embeddedType0Fonts } from '../support/pdf-glyphs.ts';
import { decodeQrInPdf, pdfText } from '../support/pdf-qr.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

/**
 * Issue 33 C6: a name, title or address in one of India's scripts printed as "?" in letters and
 * invoices. Issued through the API, both PDFs now give the text back as typed, shaped, from
 * embedded font subsets.
 */
describe.skipIf(laneUnavailable)('letters and invoices in India\'s scripts', () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.97.${Math.floor(++ip / 250)}.${ip % 250}`;
  const call = (jar: CookieJar, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: jar.header }, ...(payload === undefined ? {} : { payload }), remoteAddress: nextIp() });
  const owner = async (companyId: string) => {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole: 'owner' });
    return signIn(t.app, user.email, user.password, nextIp());
  };
  /** The subset fonts a PDF embeds, without their six-letter subset tags; each must be one. */
  const subsetFonts = async (pdf: Buffer) => {
    const fonts = [...(await embeddedType0Fonts(pdf)).values()];
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+NotoSans[A-Za-z]+-(Regular|Bold)$/);
      expect(font.fontFileBytes).toBeLessThan(20_000);
    }
    return fonts.map((font) => font.baseFont.slice(7)).sort();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('prints a letter whose company, candidate, job and text are in nine scripts', async () => {
    const company = await t.factories.company({ name: 'सह्याद्रि प्रिंट्स प्राइवेट लिमिटेड' });
    const jar = await owner(company.id);
    const candidate = await t.factories.user({ role: 'candidate', fullName: INDIC_SAMPLES.tamil });
    await t.factories.candidateProfile(candidate.id);
    const job = await t.factories.job(company.id, { title: 'হিসাবরক্ষক (Accountant)' });
    const application = await t.factories.application(job.id, candidate.id);
    await t.database.db.updateTable('job_applications').set({ status: 'offered' }).where('id', '=', application.id).execute();
    const lines = [INDIC_SAMPLES.telugu, INDIC_SAMPLES.kannada, INDIC_SAMPLES.malayalam, INDIC_SAMPLES.gujarati, INDIC_SAMPLES.gurmukhi, INDIC_SAMPLES.oriya, INDIC_SAMPLES.devanagari];
    const body = ['Dear {{candidate_name}},', 'We offer you the position of {{job_title}} at {{company_name}}.', ...lines].join('\n\n');
    expect((await call(jar, 'PUT', '/api/letters/templates/offer', { subject: 'प्रस्ताव पत्र: {{job_title}}', body })).statusCode).toBe(200);

    const issued = await call(jar, 'POST', '/api/letters', { kind: 'offer', application_id: application.id, joining_date: '2027-01-04', annual_ctc_paise: 6_00_000_00 });
    expect(issued.statusCode, issued.body).toBe(201);
    const letter = issued.json<CompanyLetter>();
    const pdf = await call(jar, 'GET', `/api/letters/${letter.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const words = readable(await pdfText(pdf.rawPayload));
    for (const expected of [
      'सह्याद्रि प्रिंट्स प्राइवेट लिमिटेड',
      'प्रस्ताव पत्र: হিসাবরক্ষক (Accountant)',
      `Dear ${INDIC_SAMPLES.tamil},`,
      `For सह्याद्रि प्रिंट्स प्राइवेट लिमिटेड`,
      `We offer you the position of হিসাবরক্ষক (Accountant) at सह्याद्रि प्रिंट्स प्राइवेट लिमिटेड.`,
      ...lines,
    ]) expect(words).toContain(expected);
    expect(words).not.toContain('?');
    expect(await subsetFonts(pdf.rawPayload)).toEqual([
      'NotoSansBengali-Bold', 'NotoSansBengali-Regular', 'NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular', 'NotoSansGujarati-Regular', 'NotoSansGurmukhi-Regular',
      'NotoSansKannada-Regular', 'NotoSansMalayalam-Regular', 'NotoSansOriya-Regular', 'NotoSansTamil-Regular', 'NotoSansTelugu-Regular',
    ]);
    // Still a letter a phone can check, and of a size to email.
    expect(await decodeQrInPdf(pdf.rawPayload)).toBe(`http://localhost:3000/verify/${letter.code}`);
    expect(pdf.rawPayload.length).toBeLessThan(150_000);
  });

  it('prints an invoice whose buyer\'s name and address are in Indian scripts', async () => {
    const company = await t.factories.company();
    const jar = await owner(company.id);
    const profile = { legal_name: 'कावेरी फूड्स प्राइवेट लिमिटेड', gstin: '29AAGCB7383J1Z4', address_line1: '೧೨, ೩ನೇ ಕ್ರಾಸ್, ಜಯಲಕ್ಷ್ಮೀಪುರಂ', city: 'ಮೈಸೂರು', state: 'Karnataka', pincode: '570012' };
    expect((await call(jar, 'PUT', '/api/settings/billing-profile', profile)).statusCode).toBe(200);
    await t.database.db.updateTable('company_subscriptions').set({ trial_ends_at: new Date(Date.now() - 60_000) }).where('company_id', '=', company.id).execute();
    const checkout = (await call(jar, 'POST', '/api/billing/checkout', { plan: 'starter' })).json<CheckoutResult>();
    expect((await call(jar, 'POST', `/api/billing/checkouts/${checkout.checkout_id}/test-payment`)).statusCode).toBe(200);
    const invoice = (await call(jar, 'GET', '/api/billing')).json<BillingOverview>().payments[0]!.invoice!;
    const pdf = await call(jar, 'GET', `/api/billing/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    // The server's own text extraction (the one that reads uploaded payslips) reads it back.
    const text = readable(await extractPdfText(pdf.rawPayload));
    for (const expected of ['कावेरी फूड्स प्राइवेट लिमिटेड', '೧೨, ೩ನೇ ಕ್ರಾಸ್, ಜಯಲಕ್ಷ್ಮೀಪುರಂ', 'ಮೈಸೂರು 570012', 'Tax Invoice', invoice.number, 'GSTIN: 29AAGCB7383J1Z4']) expect(text).toContain(expected);
    expect(text).not.toContain('?');
    // Devanagari's regular face also draws the amounts' rupee sign, which Helvetica lacks.
    expect(await subsetFonts(pdf.rawPayload)).toEqual(['NotoSansDevanagari-Bold', 'NotoSansDevanagari-Regular', 'NotoSansKannada-Regular']);
  });
});
