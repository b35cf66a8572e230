import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationNoteListSchema, applicationNoteSchema, mentionableMemberListSchema } from '@shared/schemas/candidate-record.ts';
import { api, apiResponse } from '@web/lib/api-client.ts';
import { applicationTimelineQueryKey } from './application-timeline.ts';

export const applicationNotesQueryKey = (applicationId: string) => ['application-notes', applicationId] as const;
const path = (applicationId: string) => `/api/pipeline/applications/${encodeURIComponent(applicationId)}`;

/** GET …/notes: the application's notes, newest first. */
export function useApplicationNotes(applicationId: string) {
  return useQuery({ queryKey: applicationNotesQueryKey(applicationId), queryFn: ({ signal }) => api(`${path(applicationId)}/notes`, { schema: applicationNoteListSchema, signal }) });
}

/** GET …/mentionable: the teammates who can see this candidate (the mention picker's list). */
export function useMentionable(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['mentionable', applicationId],
    queryFn: ({ signal }) => api(`${path(applicationId)}/mentionable`, { schema: mentionableMemberListSchema, signal }),
    enabled,
    staleTime: 60_000,
  });
}

export type NoteChange = { add: string } | { edit: string; body: string } | { remove: string };

/** Adds, edits or deletes a note; the notes and the timeline refetch. */
export function useChangeNote(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: NoteChange) => {
      if ('add' in change) return api(`${path(applicationId)}/notes`, { method: 'POST', body: { body: change.add }, schema: applicationNoteSchema });
      if ('edit' in change) return api(`${path(applicationId)}/notes/${encodeURIComponent(change.edit)}`, { method: 'PATCH', body: { body: change.body }, schema: applicationNoteSchema });
      await apiResponse(`${path(applicationId)}/notes/${encodeURIComponent(change.remove)}`, { method: 'DELETE' });
      return null;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicationNotesQueryKey(applicationId) });
      void queryClient.invalidateQueries({ queryKey: applicationTimelineQueryKey(applicationId) });
    },
  });
}
