import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';

const text = messages.digilocker;

/** These pages are whole documents served under /api: their own policy, inline styles and nothing else, never framed. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f1f5f9; color: #0f172a; }
  main { max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
  .card { background: #fff; border: 1px solid #cbd5e1; border-radius: 0.75rem; padding: 1.5rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.75rem; }
  p, li { line-height: 1.5; }
  .brand { font-weight: 700; color: #1e3a8a; margin-bottom: 1rem; }
  .notice { background: #fef9c3; border: 1px solid #a16207; color: #422006; padding: 0.5rem 0.75rem; border-radius: 0.5rem; font-size: 0.875rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  .button { display: inline-block; padding: 0.625rem 1.25rem; border-radius: 0.5rem; font-weight: 600; text-decoration: none; }
  .primary { background: #1e40af; color: #fff; }
  .secondary { border: 1px solid #475569; color: #0f172a; }
  a { color: #1e40af; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

/** The callback's answer when it cannot go on: what happened, and the way back. */
export function messagePage(message: string): string {
  return page(text.pageTitle, `<div class="card"><h1>${escape(text.pageTitle)}</h1><p role="alert">${escape(message)}</p><p><a href="/dashboard/documents">${escape(text.backToDocuments)}</a></p></div>`);
}

/** The development provider's consent screen, shaped like DigiLocker's: who asks, for what, Allow or Deny. */
export function consentPage(input: { holder: string; documents: readonly { name: string; issuer: string }[]; allowUrl: string; denyUrl: string }): string {
  const items = input.documents.map((document) => `<li>${escape(document.name)}, ${escape(document.issuer)}</li>`).join('');
  return page(
    text.consentTitle,
    `<div class="card">
  <p class="brand">DigiLocker</p>
  <h1>${escape(text.consentTitle)}</h1>
  <p class="notice">${escape(text.devNotice)}</p>
  <p>${escape(fill(text.consentHolder, { name: input.holder }))}</p>
  <p>${escape(text.consentIntro)}</p>
  <h2 style="font-size:1rem;margin:1rem 0 0.25rem">${escape(text.consentDocuments)}</h2>
  <ul>${items}</ul>
  <div class="actions"><a class="button primary" href="${escape(input.allowUrl)}">${escape(text.allow)}</a><a class="button secondary" href="${escape(input.denyUrl)}">${escape(text.deny)}</a></div>
</div>`,
  );
}
