import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  candidateInvitationListSchema,
  candidateInvitationSchema,
  type CandidateInvitation,
  type InvitationInput,
  type InvitationImportValues,
} from '@shared/schemas/candidate-invitations.ts';
import { csvImportPreviewSchema, type CsvImportPreview } from '@shared/schemas/csv-import.ts';
import { api } from '@web/lib/api-client.ts';
import { putPdf } from '@web/lib/put-pdf.ts';

/** A job's invitations waiting for an answer; refreshed on the company's live 'invitation' events. */
export const invitationsQueryKey = (jobId: string) => ['candidate-invitations', jobId] as const;

const jobPath = (jobId: string) => `/api/pipeline/jobs/${encodeURIComponent(jobId)}/invitations`;

/** GET /api/pipeline/jobs/:jobId/invitations: the pending ones, newest first (only those who may add candidates ask). */
export function useInvitations(jobId: string) {
  return useQuery({
    queryKey: invitationsQueryKey(jobId),
    queryFn: ({ signal }) => api(jobPath(jobId), { schema: candidateInvitationListSchema, signal }).then((body) => body.invitations),
  });
}

/** POST /api/pipeline/jobs/:jobId/invitations: WorkCred emails the person to confirm. */
export function useAddInvitation(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationInput): Promise<CandidateInvitation> => api(jobPath(jobId), { method: 'POST', body, schema: candidateInvitationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) }),
  });
}

/** POST /api/pipeline/invitations/:invitationId/withdraw */
export function useWithdrawInvitation(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string): Promise<CandidateInvitation> =>
      api(`${invitationPath(invitationId)}/withdraw`, { method: 'POST', schema: candidateInvitationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) }),
  });
}

const invitationPath = (invitationId: string) => `/api/pipeline/invitations/${encodeURIComponent(invitationId)}`;

/** GET /api/pipeline/invitations/:invitationId/resume: the team's own copy, opened as a link. */
export const invitationResumeUrl = (invitationId: string) => `${invitationPath(invitationId)}/resume`;

/** PUT /api/pipeline/invitations/:invitationId/resume: attaches (or replaces) the resume the person handed over. */
export function uploadInvitationResume(invitationId: string, file: File): Promise<CandidateInvitation> {
  return putPdf(invitationResumeUrl(invitationId), file, candidateInvitationSchema);
}

export function useAttachInvitationResume(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, file }: { invitationId: string; file: File }) => uploadInvitationResume(invitationId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) }),
  });
}

/** DELETE /api/pipeline/invitations/:invitationId/resume */
export function useRemoveInvitationResume(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string): Promise<CandidateInvitation> => api(invitationResumeUrl(invitationId), { method: 'DELETE', schema: candidateInvitationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(jobId) }),
  });
}

const importValuesSchema = z.object({ full_name: z.string(), email: z.string(), phone: z.string(), source: z.string(), referrer_name: z.string() });
const importPreviewSchema = csvImportPreviewSchema(importValuesSchema);
const importResultSchema = z.object({ imported: z.number().int(), invitations: z.array(candidateInvitationSchema) });

/** POST /api/pipeline/jobs/:jobId/invitations/import/preview: every row checked, nothing saved. */
export const previewInvitationImport = (jobId: string, csv: string): Promise<CsvImportPreview<InvitationImportValues>> =>
  api(`${jobPath(jobId)}/import/preview`, { method: 'POST', body: { csv }, schema: importPreviewSchema });

/** POST /api/pipeline/jobs/:jobId/invitations/import: every row or none (400 IMPORT_ROWS_INVALID). */
export const importInvitations = (jobId: string, csv: string): Promise<{ imported: number; invitations: CandidateInvitation[] }> =>
  api(`${jobPath(jobId)}/import`, { method: 'POST', body: { csv }, schema: importResultSchema });
