import { PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { activePdf, appendRevision, makeDocument, objectNumbers, payslipLines } from '../support/pdf-forge.ts';
import { makePdf } from '../support/pdf.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const m = messages.candidate.documents;
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/**
 * Issue 35: the upload gate read only what is visible in the file's bytes, so a PDF 1.5+ file whose
 * catalog sits in a compressed object stream and opens JavaScript was stored. The gate now reads
 * every object (pdf-gate.ts, server/pdf/pdf-objects.ts).
 */
describe.skipIf(laneUnavailable)(`upload gate reads the PDF's objects (${testDbKind})`, () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.93.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  async function candidate(): Promise<{ id: string; jar: CookieJar }> {
    const user = await t.factories.user({ role: 'candidate' });
    return { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const upload = (jar: CookieJar, body: Uint8Array) =>
    t.app.inject({ method: 'PUT', url: '/api/candidate/documents/salary_slip', payload: Buffer.from(body), headers: { 'content-type': 'application/pdf', cookie: jar.header }, remoteAddress: nextIp() });
  const stored = async (candidateId: string) => (await t.database.db.selectFrom('candidate_documents').select('id').where('candidate_id', '=', candidateId).execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses active content hidden in compressed object streams and in later updates, with the message of the plain case, storing nothing', async () => {
    const clean = await makeDocument(payslipLines());
    const numbers = await objectNumbers(clean);
    const cases: [string, Uint8Array][] = [
      ['OpenAction JavaScript in an object stream', await activePdf((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))))],
      [
        'document-level JavaScript name tree',
        await activePdf((doc) => {
          const action = doc.context.register(doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(2)') }));
          doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('a'), action] }) }));
        }),
      ],
      ['page additional action launching a program', await activePdf((doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }) })))],
      ['embedded file', await activePdf((doc) => doc.catalog.set(PDFName.of('Names'), doc.context.obj({ EmbeddedFiles: doc.context.obj({ Names: [] }) })))],
      ['XFA form', await activePdf((doc) => doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [], XFA: PDFString.of('<xdp/>') })))],
      [
        'incremental update whose catalog, in a compressed object stream, opens JavaScript',
        appendRevision(clean, { [numbers.catalog]: `<< /Type /Catalog /Pages ${numbers.pages} 0 R /OpenAction << /S /JavaScript /JS (app.alert(3)) >> >>` }, { compressed: true }),
      ],
    ];
    const someone = await candidate();
    for (const [what, body] of cases) {
      // The raw bytes show none of it: only reading the objects finds it.
      expect(latin1(body), what).not.toMatch(/\/(JavaScript|JS|Launch|EmbeddedFiles?|XFA)\b/);
      const response = await upload(someone.jar, body);
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({ what, status: 422, body: { code: 'PDF_ACTIVE_CONTENT', message: m.pdfActiveContent, requestId: expect.any(String) } });
    }
    expect(await stored(someone.id)).toBe(0);
    expect(await t.database.db.selectFrom('storage_intents').selectAll().execute()).toEqual([]);
  });

  it('accepts ordinary PDFs: object streams, a plain cross-reference, and an update that adds nothing active', async () => {
    const generated = await makeDocument(payslipLines());
    const numbers = await objectNumbers(generated);
    const bodies = [generated, makePdf({ text: 'Salary slip October 2026' }), appendRevision(generated, { [numbers.firstContents]: '<< /Length 0 >>\nstream\n\nendstream' })];
    for (const body of bodies) {
      const someone = await candidate();
      const response = await upload(someone.jar, body);
      expect(response.statusCode, response.body).toBe(201);
      expect(await stored(someone.id)).toBe(1);
    }
  });
});
