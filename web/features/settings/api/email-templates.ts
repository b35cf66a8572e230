import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applicationNoticePreferenceSchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  type ApplicationNoticePreference,
  type EmailTemplateInput,
} from '@shared/schemas/candidate-emails.ts';
import { api, apiResponse } from '@web/lib/api-client.ts';

const templatesKey = ['settings', 'email-templates'] as const;
const noticesKey = ['settings', 'application-notices'] as const;

/** GET /api/settings/email-templates */
export const useEmailTemplates = (enabled: boolean) =>
  useQuery({ queryKey: templatesKey, queryFn: async () => (await api('/api/settings/email-templates', { schema: emailTemplateListSchema })).templates, enabled });

/** POST a new template, or PUT one by id; the list is fetched again after. */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: EmailTemplateInput }) =>
      api(id ? `/api/settings/email-templates/${encodeURIComponent(id)}` : '/api/settings/email-templates', { method: id ? 'PUT' : 'POST', body: values, schema: emailTemplateSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiResponse(`/api/settings/email-templates/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** GET/PUT /api/notifications/application-notices: this member's instant-or-digest choice. */
export const useApplicationNotices = (enabled: boolean) => useQuery({ queryKey: noticesKey, queryFn: () => api('/api/notifications/application-notices', { schema: applicationNoticePreferenceSchema }), enabled });

export function useSaveApplicationNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ApplicationNoticePreference) => api('/api/notifications/application-notices', { method: 'PUT', body: values, schema: applicationNoticePreferenceSchema }),
    onSuccess: (saved) => queryClient.setQueryData(noticesKey, saved),
  });
}
