/**
 * Run compiled as the server is (scripts/server-build-options.mjs), by tests/api/server-process.test.ts:
 * the packages the server loads on demand, bundled into chunks of their own, work from the bundle
 * (the PDF makers with pdf-lib, react-dom/server, the QR encoder and HarfBuzz; the mailer). Prints one JSON line.
 */
const [{ renderLetterPdf }, { renderInvoicePdf }, { default: nodemailer }] = await Promise.all([
  import('../../server/features/letters/letter-pdf.ts'),
  import('../../server/features/billing/invoice-pdf.ts'),
  import('nodemailer'),
]);
const party = { legal_name: 'Kaveri Textiles Private Limited', gstin: '29AABCK1234M1Z5', address: '12 MG Road, Bengaluru', state: 'Karnataka', state_code: '29' };
const letter = await renderLetterPdf({
  title: 'Experience letter',
  // A name in Devanagari: HarfBuzz's WebAssembly and the Noto font files must be found from the bundle too (issue 33 C6).
  body: 'This is to certify that Ananya Iyer (अनन्या अय्यर) worked with us as a Senior Accountant.',
  companyName: 'Kaveri Textiles',
  logoPng: null,
  code: 'WC-ABCD-2345',
  verifyUrl: 'https://workcred.example/verify/WC-ABCD-2345',
  issuedOn: '27 November 2026',
  issuedAt: new Date('2026-11-27T06:00:00Z'),
});
const invoice = await renderInvoicePdf({
  number: 'WC/2026-27/0001',
  issuedAt: new Date('2026-11-27T06:00:00Z'),
  description: 'WorkCred Growth plan, one month',
  sac: '998314',
  taxablePaise: 499_900,
  cgstPaise: 44_991,
  sgstPaise: 44_991,
  igstPaise: 0,
  totalPaise: 589_882,
  placeOfSupplyCode: '29',
  recipient: party,
  supplier: { ...party, legal_name: 'WorkCred Technologies Private Limited' },
});
const mail = (await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail({
  from: 'no-reply@workcred.example',
  to: 'ananya.iyer@example.in',
  subject: 'Your letter',
  text: 'Hello',
})) as { message: Buffer };
console.log(JSON.stringify({ letter: letter.subarray(0, 5).toString(), invoice: invoice.subarray(0, 5).toString(), mail: mail.message.toString().includes('Subject: Your letter') }));

export {};
