import type { SiteConfig } from '../../../shared/schemas/site.ts';
import type { Config } from '../../config.ts';

/** What the browser may know about the server's configuration (an allow-list, nothing secret). */
export function siteConfigOf(config: Config): SiteConfig {
  return { google_sign_in: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) };
}
