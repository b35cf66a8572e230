/** The longest `next` path we follow: a job link with its ?src= tag is far shorter. */
const NEXT_MAX = 500;

/**
 * A `?next=` value we may send the browser to after sign-in or registration: a path on this site
 * only, so a crafted link cannot bounce a candidate to another site after they sign in (no open
 * redirect). Refused: absolute and protocol-relative URLs ("//evil.example", "/\evil.example"),
 * anything with a backslash, whitespace or control character, the sign-in and registration pages
 * themselves (a loop), and anything over NEXT_MAX characters.
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_MAX) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'https://workcred.invalid');
  } catch {
    return undefined;
  }
  if (url.origin !== 'https://workcred.invalid') return undefined;
  if (/^\/(auth|candidate\/register|candidate-registration)(\/|$)/.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/candidate/register?next=…`: where a signed-out candidate signs in or registers, then comes back to `path`. */
export function candidateSignInPath(path: string): string {
  const next = safeNextPath(path);
  return next ? `/candidate/register?${new URLSearchParams({ next }).toString()}` : '/candidate/register';
}
