import type { LightMyRequestResponse } from 'fastify';
import { utcToIstLocal, type SavedInterview } from '../../shared/schemas/interviews.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import { signIn, type CookieJar, type TestApp } from './test-app.ts';

const HOUR = 60 * 60 * 1000;
export type ScorecardWho = 'owner' | 'recruiter' | 'ivA' | 'ivB' | 'otherOwner' | 'candidate' | 'anonymous';
type Person = Exclude<ScorecardWho, 'anonymous'>;

/**
 * The cast of the scorecard tests (issue 36 §4): a company with an owner, a recruiter and two
 * interviewers, another company's owner and a candidate who applied to the company's job; calls
 * as any of them; interviews scheduled `hoursAhead` of the app's clock.
 */
export async function scorecardCompany(t: TestApp, now: () => Date, ipPrefix: string) {
  let ip = 0;
  const nextIp = () => `${ipPrefix}.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const company = await t.factories.company({ name: 'Godavari Pumps Pvt Ltd' });
  const other = await t.factories.company({ name: 'Narmada Valves Pvt Ltd' });
  const users = {} as Record<Person, { id: string; jar: CookieJar; name: string }>;
  const person = async (key: Person, fullName: string, companyId?: string, companyRole?: CompanyRole) => {
    const user = await t.factories.user(companyId ? { role: 'employer', companyId, companyRole, fullName } : { role: 'candidate', fullName });
    users[key] = { id: user.id, jar: await signIn(t.app, user.email, user.password, nextIp()), name: fullName };
  };
  await person('owner', 'Radha Krishnan', company.id, 'owner');
  await person('recruiter', 'Imran Shaikh', company.id, 'recruiter');
  await person('ivA', 'Deepa Menon', company.id, 'interviewer');
  await person('ivB', 'Suresh Gowda', company.id, 'interviewer');
  await person('otherOwner', 'Nikhil Bansal', other.id, 'owner');
  await person('candidate', 'Farah Qureshi');
  const job = await t.factories.job(company.id, { title: 'Pump Design Engineer', expiresAt: new Date(Date.now() + 60 * 24 * HOUR) });
  const applicationId = (await t.factories.application(job.id, users.candidate.id)).id;

  const call = (who: ScorecardWho, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url, headers: who === 'anonymous' ? {} : { cookie: users[who].jar.header }, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: nextIp() });

  async function schedule(hoursAhead: number, interviewers: Person[] = ['ivA', 'ivB']): Promise<SavedInterview> {
    const response = await call('owner', 'POST', '/api/interviews', {
      application_id: applicationId,
      starts_at_ist: utcToIstLocal(new Date(now().getTime() + hoursAhead * HOUR)),
      duration_minutes: 30,
      mode: 'video',
      location: 'https://meet.example.com/pump-design',
      interviewer_ids: interviewers.map((key) => users[key].id),
      allow_conflicts: true,
    });
    if (response.statusCode !== 201) throw new Error(`scheduling failed: ${response.statusCode} ${response.body}`);
    return response.json<SavedInterview>();
  }

  return { company, other, users, job, applicationId, call, schedule, nextIp };
}
