import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateOffer, CompanyOffer } from '../../shared/schemas/offers.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { startOfferCompany, type OfferCompany, type Person } from '../support/offer-company.ts';

const IP_BLOCK = 98;

/**
 * Issue 36 §5, offers answered and ended: a decline with its reason, a withdrawal (the candidate
 * told), a change taking an approved offer back to a draft, expiry on the app's clock, nothing
 * half-written when accepting fails, and random input never a 5xx.
 */
describe.skipIf(laneUnavailable)('offers: decline, withdraw, expiry, failures', () => {
  let w: OfferCompany;
  let owner: Person, recruiter: Person;
  let rohan: Person, arjun: Person, meera: Person;
  let applications: OfferCompany['applications'], call: OfferCompany['call'], create: OfferCompany['create'], act: OfferCompany['act'], terms: OfferCompany['terms'], day: OfferCompany['day'];
  let sentOffer: OfferCompany['sentOffer'], offerRow: OfferCompany['offerRow'], stageOf: OfferCompany['stageOf'], audits: OfferCompany['audits'];

  beforeAll(async () => {
    w = await startOfferCompany(IP_BLOCK);
    ({ owner, recruiter, applications, call, create, act, terms, day, sentOffer, offerRow, stageOf, audits } = w);
    ({ rohan, arjun, meera } = w.candidates);
    await w.readyLetters();
  });
  afterAll(async () => w?.t.close());

  it('records a decline with its reason, and a new offer may follow', async () => {
    const offer = await sentOffer(applications.rohan!, terms({ title: 'Data Analyst', employer_pf_paise: 21_600_00 }));
    const declined = await call(rohan, 'POST', `/api/candidate/offers/${offer.id}/decline`, { reason: 'Accepted another offer closer to home' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<CandidateOffer>()).toMatchObject({ status: 'declined', decline_reason: 'Accepted another offer closer to home' });
    expect(await stageOf(applications.rohan!)).toBe('offered');
    expect((await audits(applications.rohan!)).at(-1)).toBe('offer_declined');
    expect((await create(recruiter, applications.rohan!)).statusCode).toBe(201);
  });

  it('withdraws with a reason, telling a candidate who had it', async () => {
    const [draft] = (await call(recruiter, 'GET', `/api/pipeline/applications/${applications.rohan}/offers`)).json<CompanyOffer[]>();
    const noReason = await call(recruiter, 'POST', `/api/offers/${draft!.id}/withdraw`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toContain('reason');
    const withdrawn = await call(recruiter, 'POST', `/api/offers/${draft!.id}/withdraw`, { reason: 'Role put on hold' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<CompanyOffer>()).toMatchObject({ status: 'withdrawn', withdraw_reason: 'Role put on hold' });
    expect((await call(recruiter, 'PUT', `/api/offers/${draft!.id}`, terms())).statusCode).toBe(409);

    const offer = await sentOffer(applications.rohan!);
    expect((await call(recruiter, 'PUT', `/api/offers/${offer.id}`, terms())).statusCode).toBe(409);
    expect((await call(owner, 'POST', `/api/offers/${offer.id}/withdraw`, { reason: 'Budget frozen for the quarter' })).statusCode).toBe(200);
    const emails = await w.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', rohan.email).execute();
    expect(emails.map((row) => row.subject)).toContain('Sahyadri Offers Pvt Ltd has withdrawn its offer for Senior Data Analyst');
    expect((await call(rohan, 'POST', `/api/candidate/offers/${offer.id}/accept`, {})).statusCode).toBe(409);
  });

  it('changing an approved offer takes it back to a draft', async () => {
    const created = (await create(recruiter, applications.meera!)).json<CompanyOffer>();
    await act(recruiter, created.id, 'submit');
    await act(owner, created.id, 'approve');
    const changed = await call(recruiter, 'PUT', `/api/offers/${created.id}`, terms({ hra_paise: 2_40_000_00 }));
    expect(changed.json<CompanyOffer>()).toMatchObject({ status: 'draft', approved_by_name: null });
    expect((await act(recruiter, created.id, 'send')).statusCode).toBe(409);
    await call(recruiter, 'POST', `/api/offers/${created.id}/withdraw`, { reason: 'Made by mistake' });
  });

  it('expires after its last day on the app’s clock: the answer is refused and the expiry recorded', async () => {
    const offer = await sentOffer(applications.meera!, terms({ expires_on: day(3) }));
    w.clock.offsetMs += 4 * 24 * 60 * 60 * 1000;
    try {
      expect((await call(meera, 'GET', '/api/candidate/offers')).json<CandidateOffer[]>()[0]).toMatchObject({ id: offer.id, status: 'expired' });
      const late = await call(meera, 'POST', `/api/candidate/offers/${offer.id}/accept`, {});
      expect(late.statusCode).toBe(409);
      expect(late.json<{ code: string }>().code).toBe('OFFER_EXPIRED');
      expect((await offerRow(offer.id)).status).toBe('expired');
      expect(await stageOf(applications.meera!)).toBe('offered');
      expect((await audits(applications.meera!)).at(-1)).toBe('offer_expired');
    } finally {
      w.clock.offsetMs = 0;
    }
  });

  it('leaves nothing half-written when accepting fails: already an employee there is 409 and the offer stays sent', async () => {
    const offer = await sentOffer(applications.arjun!);
    await w.db.insertInto('employments').values({ company_id: w.companyId, employee_id: arjun.id, title: 'Intern', joining_date: '2024-04-01', confirmation: 'confirmed', confirmed_by: 'person', confirmed_at: new Date() }).execute();
    const refused = await call(arjun, 'POST', `/api/candidate/offers/${offer.id}/accept`, {});
    expect(refused.statusCode).toBe(409);
    expect((await offerRow(offer.id)).status).toBe('sent');
    expect(await stageOf(applications.arjun!)).toBe('offered');
    expect((await audits(applications.arjun!)).at(-1)).toBe('offer_sent');
  });

  it('never answers 5xx to random bodies on the offer routes', async () => {
    const [offer] = (await call(recruiter, 'GET', `/api/pipeline/applications/${applications.arjun}/offers`)).json<CompanyOffer[]>();
    const routes = [`/api/pipeline/applications/${applications.rohan}/offers`, `/api/offers/${offer!.id}`, `/api/offers/${offer!.id}/withdraw`, `/api/candidate/offers/${offer!.id}/decline`];
    const amount = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.constant(Number.MAX_SAFE_INTEGER));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ title: fc.string(), joining_date: fc.oneof(fc.string(), fc.constant(day(10))), expires_on: fc.oneof(fc.string(), fc.constant(null)), basic_paise: amount, hra_paise: amount, employer_pf_paise: amount }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, fc.constantFrom(recruiter, arjun), async (url, payload, who) => {
        const response = await w.t.app.inject({ method: url.endsWith('/offers') || url.includes('/withdraw') || url.includes('/decline') ? 'POST' : 'PUT', url, headers: { cookie: who.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress: w.nextIp() });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)} ${response.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
