import { SIGNED_OUT_ELEMENT_ID } from '@shared/options.ts';

/**
 * Whether the server rendered this page for a visitor with no session: /auth arrives rendered,
 * with the sign-in form, when the request carried no session cookie (server/http/static.ts), so
 * there is no session to check before showing it. Read once, as the page loads; a later visit to
 * the page checks the session first, as before. While rendering on the server, true: the server
 * renders the page only for such a visitor.
 */
export function servedSignedOut(): boolean {
  if (typeof document === 'undefined') return true;
  const element = document.getElementById(SIGNED_OUT_ELEMENT_ID);
  element?.remove();
  return element !== null;
}
