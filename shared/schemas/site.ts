import { z } from 'zod';

export const siteConfigSchema = z.object({ google_sign_in: z.boolean() });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
