import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PublicLayout } from '@web/components/layout/public-layout.tsx';
import { PageIntro } from '@web/features/public-pages/components/page-intro.tsx';
import { API_PROBLEMS } from '@shared/schemas/api-problems.ts';
import { apiScopes } from '@shared/schemas/api-keys.ts';
import { webhookEvents } from '@shared/schemas/webhooks.ts';

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}


const CURL = `curl https://workcred.in/api/v1/jobs?limit=20 \\
  -H "Authorization: Bearer $WORKCRED_API_KEY"`;

const NODE = `const response = await fetch('https://workcred.in/api/v1/jobs?limit=20', {
  headers: { authorization: \`Bearer \${process.env.WORKCRED_API_KEY}\` },
});
if (!response.ok) throw new Error((await response.json()).detail);
const { data, next_cursor } = await response.json();`;

const VERIFY = `import { Webhook } from 'standardwebhooks'; // npm install standardwebhooks

// In your HTTP handler, with the raw body exactly as received:
const wh = new Webhook(process.env.WORKCRED_WEBHOOK_SECRET); // whsec_…
const event = wh.verify(rawBody, {
  'webhook-id': request.headers['webhook-id'],
  'webhook-timestamp': request.headers['webhook-timestamp'],
  'webhook-signature': request.headers['webhook-signature'],
}); // throws if the signature or the time is wrong
// event = { type: 'application.stage_changed', timestamp, data: { application_id, … } }`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Code({ label, children }: { label: string; children: string }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-sm font-medium text-slate-700">{label}</figcaption>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100" tabIndex={0}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/** /developers (issue 16): how to use the public API, with its endpoints read from the OpenAPI document. */
export function DevelopersDocsPage() {
  const doc = useQuery({ queryKey: ['openapi'], queryFn: async () => (await (await fetch('/api/v1/openapi.json')).json()) as OpenApiDocument });
  const endpoints = Object.entries(doc.data?.paths ?? {}).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));
  return (
    <PublicLayout title="WorkCred API for developers" description="Read and act on your company’s hiring data from your HRMS or your own tools: API keys, endpoints, errors and rate limits.">
      <PageIntro eyebrow="Developers" title="The WorkCred API">
        <p>Connect your HRMS (Keka, Darwinbox, Zoho People, SAP SuccessFactors) or your own tools to your company’s jobs and hiring data.</p>
      </PageIntro>
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-10 text-slate-700 sm:px-6">
        <Section id="keys" title="API keys">
          <p>
            An owner or admin of your company creates keys in <strong>Settings → Developers</strong>. A key starts with <code className="font-mono">wc_live_</code>, is shown once, and can do only what its
            scopes allow. Send it in the Authorization header of every request; keys work only on <code className="font-mono">/api/v1</code>, and signing in to WorkCred does not work there.
          </p>
          <p>Scopes: {apiScopes.map((scope, index) => <span key={scope}>{index > 0 ? ', ' : ''}<code className="font-mono">{scope}</code></span>)}.</p>
          <Code label="curl">{CURL}</Code>
          <Code label="Node.js (18 or later)">{NODE}</Code>
        </Section>
        <Section id="conventions" title="Conventions">
          <ul className="list-disc space-y-1 pl-6">
            <li>JSON with snake_case fields (send Content-Type: application/json); times in ISO 8601, UTC in answers, with any offset in what you send (an interview’s starts_at: 2026-12-10T06:00:00Z); days as YYYY-MM-DD; a field with no value is null, never missing.</li>
            <li>
              Lists answer <code className="font-mono">{'{ data, next_cursor }'}</code> and a <code className="font-mono">Link: &lt;…&gt;; rel="next"</code> header; pass{' '}
              <code className="font-mono">cursor</code> to get the next page and <code className="font-mono">limit</code> (1 to 100) to size it.
            </li>
            <li>
              Send an <code className="font-mono">Idempotency-Key</code> header (any unique string, such as a UUID) with every POST: if the connection drops, retry with the same key and get the
              first answer (marked <code className="font-mono">Idempotent-Replayed: true</code>) instead of doing it twice. Keys are kept for 24 hours.
            </li>
            <li>Changes made with a key are made in the name of the person who created it: the audit log and the pipeline’s history show them.</li>
            <li>
              Each key may make 100 requests every 10 seconds; every answer carries <code className="font-mono">RateLimit-Limit</code>, <code className="font-mono">RateLimit-Remaining</code> and{' '}
              <code className="font-mono">RateLimit-Reset</code>.
            </li>
          </ul>
        </Section>
        <Section id="endpoints" title="Endpoints">
          <p>
            The{' '}
            <a href="/developers/reference" className="font-medium text-brand-700 underline underline-offset-4">
              API reference
            </a>{' '}
            shows every endpoint with its parameters, bodies and answers, and can call them with your key. It is drawn from the OpenAPI 3.1 document at{' '}
            <a href="/api/v1/openapi.json" className="font-medium text-brand-700 underline underline-offset-4">
              /api/v1/openapi.json
            </a>
            , which code generators read.
          </p>
          {doc.isPending ? <p>Loading the endpoints…</p> : null}
          {doc.isError ? <p role="alert">The endpoints could not be loaded. The OpenAPI document above has them.</p> : null}
          {endpoints.length > 0 ? (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {endpoints.map(({ path, method, operation }) => (
                <li key={`${method} ${path}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:gap-4">
                  <code className="font-mono font-semibold text-slate-900">
                    {method} {path}
                  </code>
                  <span className="text-sm text-slate-600">
                    {operation.summary ? <span className="font-medium text-slate-800">{operation.summary}. </span> : null}
                    {operation.description}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </Section>
        <Section id="webhooks" title="Webhooks">
          <p>
            An owner or admin adds endpoints in <strong>Settings → Developers → Webhooks</strong> and chooses the events: {webhookEvents.map((event, index) => <span key={event}>{index > 0 ? ', ' : ''}<code className="font-mono">{event}</code></span>)}. Each event is a POST of{' '}
            <code className="font-mono">{'{ type, timestamp, sequence, data }'}</code> with the ids to read more through the API. <code className="font-mono">verification.completed</code> tells you when a check of
            a candidate who applied to your jobs is verified (as the dashboard shows verified badges only, checks under review or rejected are not sent).
          </p>
          <p>
            <strong>Order is not guaranteed.</strong> A delivery that fails is retried while later events go on, and a delivery sent again from the log arrives whenever you send it. Each event carries{' '}
            <code className="font-mono">sequence</code>, which counts the events about its object for your company (the job of <code className="font-mono">job.*</code>, the application of{' '}
            <code className="font-mono">application.*</code>, the interview of <code className="font-mono">interview.*</code>, the employment of <code className="font-mono">employee.*</code>, the
            candidate’s check of <code className="font-mono">verification.completed</code>): a higher number happened later. Keep the highest sequence you have applied for each object and ignore an
            event with a lower one, or read the object’s current state through the API. Numbers can skip (events you do not subscribe to count too).
          </p>
          <p>
            <strong>Send test event</strong> in Settings delivers <code className="font-mono">webhook.test</code> to that endpoint only, whatever it subscribed to, with{' '}
            <code className="font-mono">{'data: { endpoint_id, sent_by }'}</code>, and shows what your endpoint answered. Answer it 2xx like any event.
          </p>
          <ul className="list-disc space-y-1 pl-6">
            <li>
              Deliveries are signed the <a href="https://www.standardwebhooks.com/" className="font-medium text-brand-700 underline underline-offset-4">Standard Webhooks</a> way: <code className="font-mono">webhook-id</code>,{' '}
              <code className="font-mono">webhook-timestamp</code> and <code className="font-mono">webhook-signature</code> (HMAC-SHA256 with your <code className="font-mono">whsec_</code> secret). After you rotate the secret, deliveries carry
              both signatures for 24 hours.
            </li>
            <li>Answer 2xx within 15 seconds. Anything else is retried after 5 seconds, 5 minutes, 30 minutes, 2, 5, 10 and 24 hours, with the same webhook-id, so you can drop repeats.</li>
            <li>An endpoint that answers 410 Gone, or fails for 5 days, is turned off and your company’s owners are emailed. The delivery log shows every attempt and can send any delivery again.</li>
            <li>Endpoints must be on the public internet: every attempt checks the address the URL names or resolves to, and one that is private, loopback or reserved is not sent to (the delivery log says why).</li>
          </ul>
          <Code label="Node.js: verify a delivery">{VERIFY}</Code>
        </Section>
        <Section id="errors" title="Errors">
          <p>
            Errors are <code className="font-mono">application/problem+json</code> (RFC 9457): <code className="font-mono">type</code>, <code className="font-mono">title</code>,{' '}
            <code className="font-mono">status</code> and a <code className="font-mono">detail</code> to show or log. The <code className="font-mono">type</code> is the address of its entry below; the{' '}
            <code className="font-mono">title</code> is the error’s code (a rule of one endpoint, such as JOB_CLOSED, has the type of its status). A path that does not exist is 404; one that exists with other methods is 405
            with an Allow header.
          </p>
          <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {API_PROBLEMS.map(({ slug, status, meaning }) => (
              <div key={slug} id={`problem-${slug}`} className="grid gap-1 p-4 sm:grid-cols-[14rem_1fr]">
                <dt className="font-mono text-sm font-semibold text-slate-900">
                  {status} {slug}
                </dt>
                <dd className="text-sm">{meaning}</dd>
              </div>
            ))}
          </dl>
        </Section>
      </div>
    </PublicLayout>
  );
}
