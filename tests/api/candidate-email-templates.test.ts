import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateEmailsMessages as text } from '../../shared/messages/candidate-emails.ts';
import type { EmailCompose, EmailTemplate } from '../../shared/schemas/candidate-emails.ts';
import { DEFAULT_BRAND_COLOR } from '../../shared/schemas/company-settings.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import { sendDueDigests } from '../../server/features/candidate-emails/application-digest.ts';
import { laneUnavailable } from '../support/test-database.ts';
import { createTestApp, signIn, type CookieJar, type TestApp } from '../support/test-app.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const IST = 330 * 60 * 1000;

/** The next day in India at hh:mm IST after this instant. */
function nextIndiaDayAt(from: Date, hour: number, minute: number): Date {
  const local = new Date(from.getTime() + IST);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, hour, minute);
  return new Date(day - IST);
}

/**
 * Issue 36 §3: the company's candidate email templates (Settings → Candidate emails), email from
 * the pipeline with the merge fields filled, branded HTML with a plain-text part; and §2's daily
 * digest of new applications for members who chose it.
 */
describe.skipIf(laneUnavailable)('candidate email templates and email from the pipeline', () => {
  let t: TestApp;
  let now = new Date();
  let ipCounter = 0;
  const nextIp = () => `10.67.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const db = () => t.database.db;
  let company: { id: string; name: string };
  let other: { id: string; name: string };
  const team = {} as Record<CompanyRole | 'elsewhere' | 'fuzzer', { id: string; email: string; jar: CookieJar }>;
  let applicationId: string;
  let candidateEmail: string;
  const hostile = '<script>alert("x")</script> & Ravi';

  async function member(key: keyof typeof team, companyId: string, companyRole: CompanyRole) {
    const user = await t.factories.user({ role: 'employer', companyId, companyRole });
    team[key] = { id: user.id, email: user.email, jar: await signIn(t.app, user.email, user.password, nextIp()) };
  }
  const call = (who: keyof typeof team, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: team[who].jar.header, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}), remoteAddress: nextIp() });
  const mailsTo = (email: string) => db().selectFrom('outbox_messages').select(['subject', 'body_text', 'body_html', 'reply_to']).where('recipient', '=', email).where('subject', '!=', 'Confirm your WorkCred account').orderBy('id').execute();
  const audits = (action: string) => db().selectFrom('admin_audit_logs').select(['entity_type', 'entity_id', 'admin_id as actor_id', 'details']).where('action', '=', action).execute();

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => now });
    company = await t.factories.company({ name: 'Kaveri & Sons' });
    other = await t.factories.company({ name: 'Other Co' });
    for (const role of ['owner', 'admin', 'recruiter', 'interviewer'] as const) await member(role, company.id, role);
    await member('fuzzer', company.id, 'owner');
    await member('elsewhere', other.id, 'owner');
    await db()
      .updateTable('companies')
      .set({ brand_color: '#1d4ed8', logo_key: 'logos/x/logo.webp', logo_updated_at: new Date('2026-11-01T00:00:00Z'), reply_to_email: 'hiring@kaveri.example.in' })
      .where('id', '=', company.id)
      .execute();
    const job = await t.factories.job(company.id, { title: 'Fleet <Supervisor>' });
    const candidate = await t.factories.user({ role: 'candidate', fullName: hostile });
    candidateEmail = candidate.email;
    applicationId = (await t.factories.application(job.id, candidate.id)).id;
  });
  afterAll(async () => t?.close());

  it('lets an owner create, list, edit and delete templates, audited', async () => {
    const created = await call('owner', 'POST', '/api/settings/email-templates', { name: 'Interview invite', subject: 'Interview for {{job_title}}', body: 'Hi {{candidate_name}},\n\nSee you at {{interview_time}}.\n\n{{company_name}}' });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json<EmailTemplate>();
    expect(template).toMatchObject({ name: 'Interview invite', stage: null });

    const updated = await call('admin', 'PUT', `/api/settings/email-templates/${template.id}`, { name: 'Interview invite', subject: 'Your interview for {{ job_title }}', body: template.body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<EmailTemplate>().subject).toBe('Your interview for {{ job_title }}');

    const list = await call('owner', 'GET', '/api/settings/email-templates');
    expect(list.json<{ templates: EmailTemplate[] }>().templates.map((row) => row.name)).toEqual(['Interview invite']);

    const clash = await call('owner', 'POST', '/api/settings/email-templates', { name: 'interview INVITE', subject: 'x', body: 'y' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(text.nameTaken);

    const spare = (await call('owner', 'POST', '/api/settings/email-templates', { name: 'Spare', subject: 'x', body: 'y' })).json<EmailTemplate>();
    expect((await call('owner', 'DELETE', `/api/settings/email-templates/${spare.id}`)).statusCode).toBe(204);
    expect((await call('owner', 'DELETE', `/api/settings/email-templates/${spare.id}`)).statusCode).toBe(404);

    expect((await audits('candidate_email_template_created')).map((row) => row.entity_id)).toEqual([template.id, spare.id]);
    expect((await audits('candidate_email_template_updated')).map((row) => row.entity_id)).toEqual([template.id]);
    expect((await audits('candidate_email_template_deleted')).map((row) => row.entity_id)).toEqual([spare.id]);
  });

  it('refuses unknown merge fields with a 400 naming them, and stores nothing', async () => {
    const response = await call('owner', 'POST', '/api/settings/email-templates', { name: 'Bad', subject: 'Hi {{first_name}}', body: 'At {{ salary }} and {{candidate_name}}' });
    expect(response.statusCode).toBe(400);
    const { issues } = response.json<{ issues: { path: string; message: string }[] }>();
    expect(issues.find((issue) => issue.path === 'subject')?.message).toContain('{{first_name}}');
    expect(issues.find((issue) => issue.path === 'body')?.message).toContain('{{salary}}');
    expect(issues.find((issue) => issue.path === 'body')?.message).toMatch(/^Unknown merge field: \{\{salary\}\}\. Use \{\{candidate_name\}\}/);
    expect(await db().selectFrom('candidate_email_templates').select('id').where('name', '=', 'Bad').execute()).toEqual([]);

    const send = await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/email`, { subject: 'Hello', body: 'Dear {{candidate}}' });
    expect(send.statusCode).toBe(400);
    expect(send.json().message).toContain('{{candidate}}');
  });

  it('keeps templates to their company and to the roles that may change them', async () => {
    const [mine] = await db().selectFrom('candidate_email_templates').select('id').where('company_id', '=', company.id).execute();
    const foreignEdit = await call('elsewhere', 'PUT', `/api/settings/email-templates/${mine!.id}`, { name: 'Taken over', subject: 'x', body: 'y' });
    expect(foreignEdit.statusCode).toBe(404);
    expect((await call('elsewhere', 'DELETE', `/api/settings/email-templates/${mine!.id}`)).statusCode).toBe(404);
    expect((await call('elsewhere', 'GET', '/api/settings/email-templates')).json()).toEqual({ templates: [] });
    for (const role of ['recruiter', 'interviewer'] as const) {
      expect({ role, status: (await call(role, 'POST', '/api/settings/email-templates', { name: 'Mine', subject: 'x', body: 'y' })).statusCode }).toEqual({ role, status: 403 });
      expect({ role, status: (await call(role, 'GET', '/api/settings/email-templates')).statusCode }).toEqual({ role, status: 403 });
    }
  });

  it('lets a recruiter email a candidate: merge fields filled, escaped in HTML, logo and colour, plain text, audited', async () => {
    const compose = await call('recruiter', 'GET', `/api/pipeline/applications/${applicationId}/email`);
    expect(compose.statusCode, compose.body).toBe(200);
    const facts = compose.json<EmailCompose>();
    expect(facts).toMatchObject({ to: candidateEmail, values: { candidate_name: hostile, job_title: 'Fleet <Supervisor>', company_name: 'Kaveri & Sons', interview_time: null } });
    expect(facts.templates.map((row) => row.name)).toEqual(['Interview invite']);

    // Without an interview scheduled, {{interview_time}} cannot be filled: a clear refusal, nothing sent.
    const noTime = await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/email`, { template_id: facts.templates[0]!.id, subject: facts.templates[0]!.subject, body: facts.templates[0]!.body });
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().message).toBe(text.noInterviewTime);
    expect(await mailsTo(candidateEmail)).toEqual([]);

    await db().insertInto('interviews').values({ application_id: applicationId, scheduled_at: new Date('2099-01-05T05:30:00Z') }).execute();
    const sent = await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/email`, { template_id: facts.templates[0]!.id, subject: facts.templates[0]!.subject, body: facts.templates[0]!.body });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ to: candidateEmail, subject: 'Your interview for Fleet <Supervisor>' });

    const [mail] = await mailsTo(candidateEmail);
    expect(mail!.subject).toBe('Your interview for Fleet <Supervisor>');
    expect(mail!.reply_to).toBe('hiring@kaveri.example.in');
    // The plain-text part: the values as they are.
    expect(mail!.body_text).toContain(`Hi ${hostile},`);
    expect(mail!.body_text).toContain('See you at Mon, 5 Jan 2099, 11:00 AM IST.');
    expect(mail!.body_text).toContain('Sent by Kaveri & Sons via WorkCred.');
    // The HTML part: every value escaped, the company's logo (an absolute address) and colour.
    const html = mail!.body_html!;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hi &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Ravi,');
    expect(html).toContain('Kaveri &#38; Sons');
    expect(html).toMatch(/<img src="http:\/\/localhost:3000\/api\/public\/companies\/[a-z0-9-]+\/logo\?v=\d+" alt="Kaveri &#38; Sons"/);
    expect(html).toContain('background:#1d4ed8');

    const [audit] = await audits('candidate_emailed');
    expect(audit).toMatchObject({ entity_type: 'job_application', entity_id: applicationId, actor_id: team.recruiter.id });
    expect(audit!.details).toMatchObject({ template_id: facts.templates[0]!.id, subject: 'Your interview for Fleet <Supervisor>' });
  });

  it('falls back to a readable colour when the brand colour is too pale for white text', async () => {
    await db().updateTable('companies').set({ brand_color: '#fde047' }).where('id', '=', company.id).execute();
    const sent = await call('owner', 'POST', `/api/pipeline/applications/${applicationId}/email`, { subject: 'Hello', body: 'A blank email to {{candidate_name}}.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const mail = (await mailsTo(candidateEmail)).at(-1)!;
    expect(mail.body_html).toContain(`background:${DEFAULT_BRAND_COLOR}`);
    expect(mail.body_html).not.toContain('#fde047');
    await db().updateTable('companies').set({ brand_color: '#1d4ed8' }).where('id', '=', company.id).execute();
  });

  it('refuses interviewers (403) and other companies (404), and sends nothing', async () => {
    const before = (await mailsTo(candidateEmail)).length;
    const interviewer = await call('interviewer', 'POST', `/api/pipeline/applications/${applicationId}/email`, { subject: 'Hi', body: 'Hello' });
    expect(interviewer.statusCode).toBe(403);
    expect((await call('interviewer', 'GET', `/api/pipeline/applications/${applicationId}/email`)).statusCode).toBe(403);
    const foreign = await call('elsewhere', 'POST', `/api/pipeline/applications/${applicationId}/email`, { subject: 'Hi', body: 'Hello' });
    expect(foreign.statusCode).toBe(404);
    expect((await call('elsewhere', 'GET', `/api/pipeline/applications/${applicationId}/email`)).statusCode).toBe(404);
    // Another company's template is not usable either.
    const theirs = (await call('elsewhere', 'POST', '/api/settings/email-templates', { name: 'Theirs', subject: 'x', body: 'y' })).json<EmailTemplate>();
    expect((await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/email`, { template_id: theirs.id, subject: 'Hi', body: 'Hello' })).statusCode).toBe(404);
    // Too long is a 400 before anything is written.
    expect((await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/email`, { subject: 'Hi', body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await mailsTo(candidateEmail)).length).toBe(before);
  });

  it('sends a stage template instead of the stage default, branded', async () => {
    const stage = await call('owner', 'POST', '/api/settings/email-templates', { name: 'Shortlist note', subject: 'Shortlisted at {{company_name}}', body: 'Dear {{candidate_name}}, you are shortlisted for {{job_title}}.', stage: 'shortlisted' });
    expect(stage.statusCode, stage.body).toBe(201);
    const second = await call('owner', 'POST', '/api/settings/email-templates', { name: 'Another shortlist', subject: 'x', body: 'y', stage: 'shortlisted' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(text.stageTaken);
    const moved = await call('recruiter', 'POST', `/api/pipeline/applications/${applicationId}/stage`, { stage: 'shortlisted' });
    expect(moved.statusCode, moved.body).toBe(200);
    const mail = (await mailsTo(candidateEmail)).at(-1)!;
    expect(mail.subject).toBe('Shortlisted at Kaveri & Sons');
    expect(mail.body_text).toBe(`Dear ${hostile}, you are shortlisted for Fleet <Supervisor>.`);
    expect(mail.body_html).toContain('Fleet &#60;Supervisor&#62;');
  });

  it('never answers 5xx to random bodies and ids', async () => {
    const routes = [
      { method: 'POST' as const, url: () => '/api/settings/email-templates' },
      { method: 'PUT' as const, url: (id: string) => `/api/settings/email-templates/${id}` },
      { method: 'POST' as const, url: (id: string) => `/api/pipeline/applications/${id}/email` },
      { method: 'PUT' as const, url: () => '/api/notifications/application-notices' },
    ];
    const id = fc.oneof(fc.uuid(), fc.constant(applicationId), fc.string({ maxLength: 20 }).map(encodeURIComponent));
    const field = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{{candidate_name}}', '{{x}}', '{{', '}}{{', '{{ interview_time }}'));
    const body = fc.oneof(fc.jsonValue(), fc.record({ name: field, subject: field, body: field, stage: fc.constantFrom('shortlisted', 'nope', null), template_id: fc.oneof(fc.uuid(), fc.constant(null)), mode: fc.string() }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), id, body, async (route, anId, payload) => {
        const response = await t.app.inject({ method: route.method, url: route.url(anId), headers: { cookie: team.fuzzer.jar.header, 'content-type': 'application/json' }, payload: JSON.stringify(payload), remoteAddress: nextIp() });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 50 },
    );
  });

  describe('new applications: a notification each, or a daily digest', () => {
    it('sends the digest once a day per member who chose it, and never to instant members', async () => {
      // The digest starts from the moment of choosing it: after every application so far (the
      // file's first one was made in beforeAll, by the database's clock, which may run ahead of this one).
      const latest = await db().selectFrom('job_applications').select((eb) => eb.fn.max('created_at').as('at')).executeTakeFirstOrThrow();
      now = new Date(Math.max(Date.now() - 1000, new Date(latest.at ?? 0).getTime() + 1));
      const saved = await call('recruiter', 'PUT', '/api/notifications/application-notices', { mode: 'daily' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call('recruiter', 'GET', '/api/notifications/application-notices')).json()).toEqual({ mode: 'daily' });
      expect((await call('owner', 'GET', '/api/notifications/application-notices')).json()).toEqual({ mode: 'instant' });
      expect((await call('interviewer', 'PUT', '/api/notifications/application-notices', { mode: 'daily' })).statusCode).toBe(403);
      expect(await audits('application_notices_changed')).toHaveLength(1);

      // An application through Apply: the instant members get a notification, the digest member none.
      const job = await t.factories.job(company.id, { title: 'Dock Manager', expiresAt: new Date(Date.now() + 30 * DAY) });
      const applicant = await t.factories.user({ role: 'candidate', fullName: 'Sana Qureshi' });
      await t.factories.candidateProfile(applicant.id);
      const jar = await signIn(t.app, applicant.email, applicant.password, nextIp());
      const applied = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: jar.header, 'content-type': 'application/json' }, payload: {}, remoteAddress: nextIp() });
      expect(applied.statusCode, applied.body).toBe(201);
      const noticesOf = (id: string) => db().selectFrom('notifications').select(['title', 'message']).where('recipient_id', '=', id).execute();
      expect((await noticesOf(team.owner.id)).some((n) => n.message.includes('Sana Qureshi'))).toBe(true);
      expect(await noticesOf(team.recruiter.id)).toEqual([]);
      // The candidate's "application received" email is branded too.
      const received = (await mailsTo(applicant.email)).find((mail) => mail.subject?.startsWith('Application received'));
      expect(received?.body_html).toContain('background:#1d4ed8');

      // Before 9 am IST the next day: nothing yet.
      now = nextIndiaDayAt(new Date(), 8, 0);
      expect(await sendDueDigests({ db: db(), publicUrl: 'http://localhost:3000', now: () => now })).toBe(0);
      // From 9 am: two instances at once send it once.
      now = nextIndiaDayAt(new Date(), 9, 5);
      const runs = await Promise.all([t.app.applicationDigests.runOnce(), sendDueDigests({ db: db(), publicUrl: 'http://localhost:3000', now: () => now })]);
      expect(runs[0] + runs[1]).toBe(1);
      const digests = () => db().selectFrom('outbox_messages').select(['recipient', 'subject', 'body_text']).where('subject', 'like', '%since your last digest').execute();
      const [digest, ...more] = await digests();
      expect(more).toEqual([]);
      expect(digest).toMatchObject({ recipient: team.recruiter.email, subject: text.digestEmail.subjectOne });
      expect(digest!.body_text).toContain('Sana Qureshi applied for Dock Manager');
      expect((await noticesOf(team.recruiter.id)).map((n) => n.message)).toEqual([text.digestNotice.message]);

      // Later the same day: nothing more.
      now = new Date(now.getTime() + 6 * HOUR);
      expect(await sendDueDigests({ db: db(), publicUrl: 'http://localhost:3000', now: () => now })).toBe(0);
      expect(await digests()).toHaveLength(1);
      // The next day with nothing new: the day is marked, no empty digest.
      now = nextIndiaDayAt(now, 9, 30);
      expect(await sendDueDigests({ db: db(), publicUrl: 'http://localhost:3000', now: () => now })).toBe(1);
      expect(await digests()).toHaveLength(1);
      // Back to instant: no more digests.
      expect((await call('recruiter', 'PUT', '/api/notifications/application-notices', { mode: 'instant' })).json()).toEqual({ mode: 'instant' });
      now = nextIndiaDayAt(now, 10, 0);
      expect(await sendDueDigests({ db: db(), publicUrl: 'http://localhost:3000', now: () => now })).toBe(0);
    });
  });
});
