import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { createFactories } from '../../server/dev/factories.ts';
import { laneUnavailable, testDbKind } from '../support/test-database.ts';
import { twoInstancesPerSuite } from '../support/two-instances.ts';
import { signIn } from '../support/test-app.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Two app instances on one PostgreSQL database (as behind a load balancer): an application made
 * through instance A reaches an employer's socket on instance B, through LISTEN/NOTIFY.
 */
describe.skipIf(laneUnavailable || testDbKind !== 'postgres')('live updates across two instances on one PostgreSQL', () => {
  const instances = twoInstancesPerSuite();

  it('delivers an application made on instance A to the employer listening on instance B', async () => {
    const [a, b] = instances();
    const factories = createFactories(a.app.auth, a.database);
    const company = await factories.company();
    const job = await factories.job(company.id);
    const employer = await factories.user({ role: 'employer', companyId: company.id });
    const candidate = await factories.user({ role: 'candidate' });
    await factories.candidateProfile(candidate.id);

    const employerJar = await signIn(b.app, employer.email, employer.password, '10.60.0.1');
    const socket: WebSocket = await b.app.injectWS('/api/live', { headers: { cookie: employerJar.header } });
    const received: { topic?: string; type?: string; id?: string }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    await waitFor(() => received.length > 0, { what: 'the ready message on instance B' });

    const candidateJar = await signIn(a.app, candidate.email, candidate.password, '10.60.0.2');
    const applied = await a.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/applications`, headers: { cookie: candidateJar.header }, payload: {} });
    expect(applied.statusCode).toBe(201);

    const event = await waitFor(() => received.find((m) => m.topic === `company:${company.id}`), { what: 'the application event on instance B' });
    expect(event).toMatchObject({ topic: `company:${company.id}` });
    socket.terminate();
  });
});
