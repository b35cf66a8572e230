import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersMessages as text } from '../../shared/messages/offers.ts';
import type { CandidateOffer, CompanyOffer, LetterSignatory } from '../../shared/schemas/offers.ts';
import { joinRupeeSign, pdfText } from '../support/pdf-qr.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { OFFER_TOTAL, startOfferCompany, type OfferCompany, type Person } from '../support/offer-company.ts';

const IP_BLOCK = 97;

/**
 * Issue 36 §5, offers: a CTC break-up in paise, approval by an owner or admin before sending, the
 * letter (address, signatory, annexure), and the candidate's acceptance hiring them through the
 * pipeline; who may not, in the company and outside it; bad input named by field, nothing written.
 * Declines, withdrawals, expiry and failures are in offers-answers.test.ts.
 */
describe.skipIf(laneUnavailable)('offers: make, approve, send, accept', () => {
  let w: OfferCompany;
  let owner: Person, admin: Person, recruiter: Person, interviewer: Person, otherOwner: Person;
  let kavya: Person, rohan: Person;
  let applications: OfferCompany['applications'], call: OfferCompany['call'], create: OfferCompany['create'], act: OfferCompany['act'], terms: OfferCompany['terms'], day: OfferCompany['day'];
  let offerRow: OfferCompany['offerRow'], stageOf: OfferCompany['stageOf'], audits: OfferCompany['audits'];

  beforeAll(async () => {
    w = await startOfferCompany(IP_BLOCK);
    ({ owner, admin, recruiter, interviewer, otherOwner, applications, call, create, act, terms, day, offerRow, stageOf, audits } = w);
    ({ kavya, rohan } = w.candidates);
  });
  afterAll(async () => w?.t.close());

  it('refuses bad terms with a 400 naming the field, and writes nothing', async () => {
    const cases: [object, string][] = [
      [terms({ basic_paise: 0, employer_pf_paise: 0 }), 'basic_paise'],
      [terms({ employer_pf_paise: 72_000_01 }), 'employer_pf_paise'],
      [terms({ hra_paise: -1 }), 'hra_paise'],
      [terms({ gratuity_paise: 10.5 }), 'gratuity_paise'],
      [terms({ variable_pay_paise: '1000' }), 'variable_pay_paise'],
      [terms({ joining_date: day(-1) }), 'joining_date'],
      [terms({ joining_date: '2027-02-30' }), 'joining_date'],
      [terms({ expires_on: day(31) }), 'expires_on'],
      [terms({ expires_on: day(-1) }), 'expires_on'],
      [terms({ title: '  ' }), 'title'],
      [terms({ status: 'approved' }), ''],
    ];
    for (const [body, field] of cases) {
      const response = await create(recruiter, applications.kavya!, body);
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json<{ message: string }>().message).toContain(field);
    }
    const pf = await create(recruiter, applications.kavya!, terms({ employer_pf_paise: 72_000_01 }));
    expect(pf.json<{ message: string }>().message).toBe(`employer_pf_paise: ${text.employerPfTooHigh.replace('{max}', '₹72,000')}`);
    expect(await w.db.selectFrom('offers').select('id').execute()).toEqual([]);
  });

  it('makes a draft with the total worked out, one live offer per application, and changes it', async () => {
    const created = await create(recruiter, applications.kavya!);
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<CompanyOffer>();
    expect(offer).toMatchObject({ status: 'draft', total_paise: OFFER_TOTAL, title: 'Senior Data Analyst', candidate_name: 'Kavya Menon', letter_missing: ['address', 'signatory'] });
    expect(Number((await offerRow(offer.id)).total_paise)).toBe(OFFER_TOTAL);
    const second = await create(owner, applications.kavya!);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(text.liveOfferExists);

    const changed = await call(recruiter, 'PUT', `/api/offers/${offer.id}`, terms({ variable_pay_paise: 0 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CompanyOffer>().total_paise).toBe(OFFER_TOTAL - 1_00_000_00);
    expect(await audits(applications.kavya!)).toEqual(['offer_created', 'offer_updated']);
  });

  it('needs an owner or admin to approve before it is sent; a recruiter cannot approve, not even their own', async () => {
    const [offer] = (await call(recruiter, 'GET', `/api/pipeline/applications/${applications.kavya}/offers`)).json<CompanyOffer[]>();
    const early = await act(recruiter, offer!.id, 'send');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(text.needsApproval);
    // Even a draft is refused to a recruiter for want of the role, before its state is looked at.
    expect((await act(recruiter, offer!.id, 'approve')).statusCode).toBe(403);
    expect((await act(recruiter, offer!.id, 'submit')).statusCode).toBe(200);
    const refused = await act(recruiter, offer!.id, 'approve');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Your role (Recruiter) cannot approve offers. Ask an owner or admin of your company to change your role.');
    expect((await act(interviewer, offer!.id, 'approve')).statusCode).toBe(403);
    expect((await call(interviewer, 'GET', `/api/pipeline/applications/${applications.kavya}/offers`)).statusCode).toBe(403);
    expect((await call(interviewer, 'GET', `/api/offers/${offer!.id}/letter`)).statusCode).toBe(403);
    // Another company's owner: the offer and the application do not exist for them.
    expect((await act(otherOwner, offer!.id, 'approve')).statusCode).toBe(404);
    expect((await call(otherOwner, 'GET', `/api/pipeline/applications/${applications.kavya}/offers`)).statusCode).toBe(404);
    expect((await create(otherOwner, applications.kavya!)).statusCode).toBe(404);
    expect((await call(otherOwner, 'GET', `/api/offers/${offer!.id}/letter`)).statusCode).toBe(404);
    expect((await call(otherOwner, 'POST', `/api/offers/${offer!.id}/withdraw`, { reason: 'Not ours' })).statusCode).toBe(404);

    const approved = await act(owner, offer!.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CompanyOffer>()).toMatchObject({ status: 'approved', approved_by_name: expect.any(String) });
    // The company previews the letter any time; it says it is a draft and carries no code.
    const preview = await call(recruiter, 'GET', `/api/offers/${offer!.id}/letter`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(preview.rawPayload)).toContain(text.letterDraftMark);

    const missing = await act(recruiter, offer!.id, 'send');
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ message: string }>().message).toBe(text.letterDetailsMissing.replace('{missing}', `${text.missingAddress} and ${text.missingSignatory}`));
    expect(await stageOf(applications.kavya!)).toBe('interview');
  });

  it('keeps the signatory in Settings (owners and admins) and the address from the billing profile', async () => {
    expect((await call(recruiter, 'PUT', '/api/settings/letter-signatory', { name: 'Anita Desai', designation: 'Head of People' })).statusCode).toBe(403);
    const tooLong = await call(admin, 'PUT', '/api/settings/letter-signatory', { name: 'A'.repeat(121), designation: 'Head of People' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain('name');
    const saved = await call(admin, 'PUT', '/api/settings/letter-signatory', { name: 'Anita Desai', designation: 'Head of People' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<LetterSignatory>()).toEqual({ name: 'Anita Desai', designation: 'Head of People', address: null });
    await w.readyLetters();
    expect((await call(owner, 'GET', '/api/settings/letter-signatory')).json<LetterSignatory>().address).toBe('4th Floor, Prestige Tower, MG Road, Bengaluru, Karnataka 560001');
  });

  it('sends an approved offer: the application moves to Offered, the candidate is emailed the link and the letter', async () => {
    const [offer] = (await call(recruiter, 'GET', `/api/pipeline/applications/${applications.kavya}/offers`)).json<CompanyOffer[]>();
    const sent = await act(recruiter, offer!.id, 'send');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<CompanyOffer>()).toMatchObject({ status: 'sent', letter_missing: [] });
    expect(await stageOf(applications.kavya!)).toBe('offered');
    expect((await act(owner, offer!.id, 'send')).statusCode).toBe(409);

    const all = await w.db.selectFrom('outbox_messages').select(['subject', 'body_text', 'attachments']).where('recipient', '=', kavya.email).execute();
    // One email (the offer's), not the pipeline's generic "is making you an offer" as well.
    expect(all.filter((email) => email.body_text.includes('is making you an offer'))).toEqual([]);
    const emails = all.filter((email) => email.subject?.startsWith('Offer from'));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Offer from Sahyadri Offers Pvt Ltd for Senior Data Analyst');
    expect(emails[0]!.body_text).toContain('/dashboard');
    expect(emails[0]!.body_text).toContain('₹12,28,860');
    expect(emails[0]!.attachments?.[0]?.contentType).toBe('application/pdf');

    const letter = await w.db.selectFrom('letters').selectAll().where('application_id', '=', applications.kavya!).executeTakeFirstOrThrow();
    expect(letter).toMatchObject({ kind: 'offer', title: 'Senior Data Analyst', recipient_name: 'Kavya Menon' });
    expect(await audits(applications.kavya!)).toEqual(['offer_created', 'offer_updated', 'offer_submitted', 'offer_approved', 'offer_sent']);

    // The letter the candidate downloads is the one sent: address, signatory, annexure a year and a month.
    const pdf = await call(kavya, 'GET', `/api/offers/${offer!.id}/letter`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['cache-control']).toBe('no-store');
    const words = joinRupeeSign(await pdfText(pdf.rawPayload));
    for (const expected of ['4th Floor, Prestige Tower, MG Road', 'Anita Desai', 'Head of People', 'Annexure', '₹6,00,000', '₹50,000', '₹12,28,860', letter.code]) expect(words).toContain(expected);
    expect(words).not.toContain(text.letterDraftMark);
  });

  it('shows the offer to its candidate only: another candidate gets 404', async () => {
    const mine = (await call(kavya, 'GET', '/api/candidate/offers')).json<CandidateOffer[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'sent', company_name: 'Sahyadri Offers Pvt Ltd', total_paise: OFFER_TOTAL - 1_00_000_00 });
    expect((await call(rohan, 'GET', '/api/candidate/offers')).json()).toEqual([]);
    expect((await call(rohan, 'POST', `/api/candidate/offers/${mine[0]!.id}/accept`, {})).statusCode).toBe(404);
    expect((await call(rohan, 'POST', `/api/candidate/offers/${mine[0]!.id}/decline`, {})).statusCode).toBe(404);
    expect((await call(rohan, 'GET', `/api/offers/${mine[0]!.id}/letter`)).statusCode).toBe(404);
    const employer = await call(owner, 'POST', `/api/candidate/offers/${mine[0]!.id}/accept`, {});
    expect(employer.statusCode).toBe(403);
    expect((await offerRow(mine[0]!.id)).status).toBe('sent');
  });

  it('hires the candidate who accepts, with the offer’s title and joining date', async () => {
    const [offer] = (await call(kavya, 'GET', '/api/candidate/offers')).json<CandidateOffer[]>();
    const accepted = await call(kavya, 'POST', `/api/candidate/offers/${offer!.id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CandidateOffer>().status).toBe('accepted');
    expect(await stageOf(applications.kavya!)).toBe('hired');
    const employment = await w.db.selectFrom('employments').selectAll().where('application_id', '=', applications.kavya!).executeTakeFirstOrThrow();
    expect(employment).toMatchObject({ title: 'Senior Data Analyst', joining_date: day(30), company_id: w.companyId, employee_id: kavya.id, confirmed_by: 'hire' });
    expect((await call(kavya, 'POST', `/api/candidate/offers/${offer!.id}/accept`, {})).statusCode).toBe(409);
    expect((await audits(applications.kavya!)).at(-1)).toBe('offer_accepted');
    const team = await w.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', recruiter.email).execute();
    expect(team.map((row) => row.subject)).toContain('Kavya Menon accepted the offer for Senior Data Analyst');
  });
});
