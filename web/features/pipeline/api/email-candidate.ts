import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailComposeSchema, sentCandidateEmailSchema, type SendCandidateEmailInput } from '@shared/schemas/candidate-emails.ts';
import { api } from '@web/lib/api-client.ts';
import { pipelineApplicationQueryKey } from './get-application.ts';

const composeKey = (applicationId: string) => ['pipeline', 'email-compose', applicationId] as const;

/** GET /api/pipeline/applications/:applicationId/email: the address, merge values and templates. */
export const useEmailCompose = (applicationId: string, enabled: boolean) =>
  useQuery({ queryKey: composeKey(applicationId), queryFn: () => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/email`, { schema: emailComposeSchema }), enabled, staleTime: 0 });

/** POST /api/pipeline/applications/:applicationId/email; the panel's detail is fetched again (its timeline). */
export function useSendCandidateEmail(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCandidateEmailInput) => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/email`, { method: 'POST', body, schema: sentCandidateEmailSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pipelineApplicationQueryKey(applicationId) }),
  });
}
