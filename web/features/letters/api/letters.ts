import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  compareResultSchema,
  companyLetterListSchema,
  companyLetterSchema,
  letterTemplateListSchema,
  letterTemplateSchema,
  myLetterListSchema,
  publicLetterSchema,
  type IssueLetterInput,
  type LetterKind,
  type LetterTemplateInput,
} from '@shared/schemas/letters.ts';
import { api, apiErrorFrom } from '@web/lib/api-client.ts';

const companyLettersKey = ['letters', 'company'] as const;
const templatesKey = ['letters', 'templates'] as const;

/** GET /api/letters: the letters the company issued. */
export function useCompanyLetters(enabled = true) {
  return useQuery({ queryKey: companyLettersKey, enabled, queryFn: ({ signal }) => api('/api/letters', { schema: companyLetterListSchema, signal }) });
}

/** GET /api/candidate/letters: the letters issued to the signed-in candidate. */
export function useMyLetters() {
  return useQuery({ queryKey: ['letters', 'mine'], queryFn: ({ signal }) => api('/api/candidate/letters', { schema: myLetterListSchema, signal }) });
}

/** POST /api/letters: issues a letter (the server makes, stores and emails the PDF). */
export function useIssueLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueLetterInput) => api('/api/letters', { method: 'POST', body: input, schema: companyLetterSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyLettersKey }),
  });
}

/** POST /api/letters/:id/revoke. */
export function useRevokeLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api(`/api/letters/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: { reason }, schema: companyLetterSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyLettersKey }),
  });
}

/** GET /api/letters/templates: the company's wording of each letter. */
export function useLetterTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: ({ signal }) => api('/api/letters/templates', { schema: letterTemplateListSchema, signal }) });
}

export function useSaveLetterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, values }: { kind: LetterKind; values: LetterTemplateInput }) => api(`/api/letters/templates/${kind}`, { method: 'PUT', body: values, schema: letterTemplateSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useResetLetterTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: LetterKind) => api(`/api/letters/templates/${kind}`, { method: 'DELETE', schema: letterTemplateSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** GET /api/public/letters/:code: what the letter states, for anyone; a 404 is an answer here, not an error. */
export function usePublicLetter(code: string | undefined) {
  return useQuery({
    queryKey: ['letters', 'public', code],
    enabled: Boolean(code),
    retry: false,
    queryFn: ({ signal }) => api(`/api/public/letters/${encodeURIComponent(code ?? '')}`, { schema: publicLetterSchema, signal }),
  });
}

/** POST /api/public/letters/:code/compare with the file's bytes as they are. */
export async function compareLetterCopy(code: string, file: Blob): Promise<boolean> {
  const response = await fetch(`/api/public/letters/${encodeURIComponent(code)}/compare`, { method: 'POST', body: file, headers: { 'content-type': 'application/octet-stream' } });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFrom(response.status, response.statusText, payload);
  return compareResultSchema.parse(payload).matches;
}
