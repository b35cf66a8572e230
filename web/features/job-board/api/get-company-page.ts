import { useQuery } from '@tanstack/react-query';
import { companyPageSchema } from '@shared/schemas/company-settings.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/public/companies/:slug: a company's careers page. */
export const useCompanyPage = (slug: string) =>
  useQuery({ queryKey: ['company-page', slug], queryFn: ({ signal }) => api(`/api/public/companies/${encodeURIComponent(slug)}`, { schema: companyPageSchema, signal }), retry: false });
