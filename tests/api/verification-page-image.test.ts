import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill } from '../../shared/fill.ts';
import { messages } from '../../shared/messages.ts';
import type { CheckDetail } from '../../shared/schemas/verification.ts';
import { PAGE_VIEW_DPI } from '../../server/features/verification/check-page-image.ts';
import { createFileStorage } from '../../server/storage/create-file-storage.ts';
import { makeDocument, paintOverInUpdate, payslipLines } from '../support/pdf-forge.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

const m = messages.verification;
const ARJUN = { name: 'Arjun Mehta', uan: '100123456789', employer: 'Acme Technologies Pvt. Ltd.' };
const NET_PAY_BOX = { x: 195, top: 246, width: 80, height: 13 };
type Rect = [number, number, number, number];

/** The mean grey (0 black … 255 white) of a rect given in points, read from the page image at its own scale. */
async function meanGreyIn(png: Buffer, rect: Rect, pointWidth: number): Promise<number> {
  const image = sharp(png);
  const { width = 0 } = await image.metadata();
  const scale = width / pointWidth;
  const [x0, y0, x1, y1] = rect.map((value) => Math.round(value * scale)) as Rect;
  const { data } = await image.extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, value) => sum + value, 0) / data.length;
}

/**
 * Issue 35 §2: each forensic finding is shown to the verification team with its region marked on
 * the page. GET /api/verification/checks/:checkId/pages/:page draws one page of the check's
 * document as a PNG (MuPDF, in a worker thread) with the page's size in points, the space the
 * finding's rect is in; the browser draws the rect over it. The team only, like the document.
 */
describe.skipIf(laneUnavailable)(`a check document's page drawn for the team (${testDbKind})`, () => {
  let t: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.96.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  let candidate: { id: string; jar: CookieJar };
  let admin: CookieJar;
  let employer: CookieJar;
  let slip: CheckDetail;
  let statementCheckId: string;

  const get = (jar: CookieJar | null, url: string) => t.app.inject({ method: 'GET', url, headers: jar ? { cookie: jar.header } : {}, remoteAddress: nextIp() });
  const pageUrl = (checkId: string, page: string | number) => `/api/verification/checks/${checkId}/pages/${page}`;
  const upload = async (type: string, pdf: Uint8Array) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/candidate/documents/${type}`, headers: { cookie: candidate.jar.header, 'content-type': 'application/pdf' }, payload: Buffer.from(pdf), remoteAddress: nextIp() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const consent = async (subject: string) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/verification/checks/${subject}/consent`, headers: { cookie: candidate.jar.header }, payload: {}, remoteAddress: nextIp() });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** The check once it has run on this document. */
  const settled = (subject: 'salary_slip' | 'bank_statement', documentId: string) =>
    waitFor(
      async () => {
        const row = await t.database.db.selectFrom('verification_checks').select(['id', 'document_id', 'status']).where('candidate_id', '=', candidate.id).where('subject', '=', subject).executeTakeFirst();
        return row?.document_id === documentId && row.status !== 'pending' && row;
      },
      { what: `the ${subject} check`, timeoutMs: 30_000 },
    );

  beforeAll(async () => {
    t = await createTestApp({ UAN_PROVIDER: 'none' });
    const user = await t.factories.user({ role: 'candidate', fullName: ARJUN.name });
    candidate = { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()) };
    const adminUser = await t.factories.user({ role: 'admin', fullName: 'Vikram Verifier' });
    admin = await signIn(t.app, adminUser.email, adminUser.password, nextIp());
    const company = await t.factories.company({ name: 'Kaveri Pages Pvt Ltd' });
    const employerUser = await t.factories.user({ role: 'employer', companyId: company.id, companyRole: 'owner' });
    employer = await signIn(t.app, employerUser.email, employerUser.password, nextIp());
    await t.factories.candidateProfile(candidate.id, { uan: ARJUN.uan, current_employer: ARJUN.employer, current_pay_lakh: 6.43 });

    // A slip whose net pay was painted over in a later revision: a finding with its page and rect.
    const clean = await makeDocument(payslipLines({ name: ARJUN.name }));
    const slipId = await upload('salary_slip', await paintOverInUpdate(clean, { box: NET_PAY_BOX, text: '63,600.00', x: 200, top: 255 }, { compressed: true }));
    await consent('salary_slip');
    const { id } = await settled('salary_slip', slipId);
    slip = (await get(admin, `/api/verification/checks/${id}`)).json<CheckDetail>();

    // A statement of two pages, the second landscape: the chosen page is the one drawn.
    const statement = await makeDocument([{ text: 'Statement of account', x: 40, top: 60 }], {}, ({ doc, regular }) => {
      doc.addPage([842, 595]).drawText('Page two, landscape', { x: 40, y: 500, size: 14, font: regular });
    });
    const statementId = await upload('bank_statement', statement);
    await consent('bank_statement');
    statementCheckId = (await settled('bank_statement', statementId)).id;
  });
  afterAll(async () => t?.close());

  it('draws the flagged page as a PNG of the page at 120 dpi, with its size in points and the headers of the document', async () => {
    const covered = slip.flags.find((flag) => flag.rule === 'forensic_covered_text');
    expect(covered).toMatchObject({ page: 1, rect: [195, 246, 275, 259] });

    const response = await get(admin, pageUrl(slip.id, covered?.page ?? 0));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': 'inline; filename="page-1.png"',
      'x-page-width': '595',
      'x-page-height': '842',
      'x-page-count': '1',
    });
    const png = response.rawPayload;
    expect(Number(response.headers['content-length'])).toBe(png.byteLength);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', channels: 3 });
    expect(Math.abs((meta.width ?? 0) - (595 * PAGE_VIEW_DPI) / 72)).toBeLessThanOrEqual(1);
    expect(Math.abs((meta.height ?? 0) - (842 * PAGE_VIEW_DPI) / 72)).toBeLessThanOrEqual(1);

    // The finding's rect, scaled by the image's width over the page's, lands on the figure written
    // over the white box ("63,600.00"); the same size of page further down is blank paper.
    const rect = covered?.rect as Rect;
    expect(await meanGreyIn(png, rect, 595)).toBeLessThan(235);
    expect(await meanGreyIn(png, [rect[0], rect[1] + 300, rect[2], rect[3] + 300], 595)).toBeGreaterThan(250);
  });

  it('draws the page asked for, at its own size: page 2 of a statement, landscape', async () => {
    const response = await get(admin, pageUrl(statementCheckId, 2));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers).toMatchObject({ 'x-page-width': '842', 'x-page-height': '595', 'x-page-count': '2' });
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.width).toBeGreaterThan(meta.height ?? 0);
    expect(Math.abs((meta.width ?? 0) - (842 * PAGE_VIEW_DPI) / 72)).toBeLessThanOrEqual(1);
  });

  it('answers 404 naming the page count for a page the document does not have', async () => {
    for (const page of [2, 99_999]) {
      const response = await get(admin, pageUrl(slip.id, page));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: fill(m.pageNotInDocument, { page, count: 1 }), requestId: expect.any(String) });
    }
    const statement = await get(admin, pageUrl(statementCheckId, 3));
    expect(statement.json()).toMatchObject({ message: fill(m.pageNotInDocument, { page: 3, count: 2 }) });
  });

  it('answers 404 for a check with no document and for an unknown check', async () => {
    await consent('phone');
    const phone = await t.database.db.selectFrom('verification_checks').select('id').where('candidate_id', '=', candidate.id).where('subject', '=', 'phone').executeTakeFirstOrThrow();
    for (const checkId of [phone.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await get(admin, pageUrl(checkId, 1));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: m.documentNotFound, requestId: expect.any(String) });
    }
  });

  it('refuses a page number that is not a plain page number with 400 and a clear message, never a 5xx', async () => {
    for (const page of ['0', '-1', '01', '1.5', '1e0', 'abc', '%20', '100000', '1%00']) {
      const response = await get(admin, pageUrl(slip.id, page));
      expect({ page, status: response.statusCode }).toEqual({ page, status: 400 });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `page: ${m.pageParamInvalid}` });
    }
    const badCheck = await get(admin, pageUrl('not-a-check', 1));
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json()).toMatchObject({ message: 'checkId: checkId must be a check id' });
  });

  it('is for the verification team only: the candidate whose document it is, an employer and the signed-out are refused', async () => {
    const url = pageUrl(slip.id, 1);
    for (const [who, jar, status] of [
      ['candidate', candidate.jar, 403],
      ['employer', employer, 403],
      ['signed out', null, 401],
    ] as const) {
      const response = await get(jar, url);
      expect({ who, status: response.statusCode }).toEqual({ who, status });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain('PNG');
    }
    expect((await get(candidate.jar, url)).json()).toMatchObject({ message: messages.auth.adminRequired });
  });

  // Last: it spoils the statement's stored file.
  it('answers 422 with a clear message, not a 5xx, when the stored file cannot be drawn', async () => {
    const row = await t.database.db
      .selectFrom('verification_checks as vc')
      .innerJoin('candidate_documents as d', 'd.id', 'vc.document_id')
      .select('d.file_path')
      .where('vc.id', '=', statementCheckId)
      .executeTakeFirstOrThrow();
    await createFileStorage(t.config).put(row.file_path, Readable.from([Buffer.from('not a pdf at all')]), { contentType: 'application/pdf' });
    const response = await get(admin, pageUrl(statementCheckId, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'PAGE_NOT_RENDERED', message: m.pageNotRendered, requestId: expect.any(String) });
  });
});
