import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { interviewSchema, savedInterviewSchema, type Interview, type RescheduleInterviewBody, type SavedInterview, type ScheduleInterviewBody } from '@shared/schemas/interviews.ts';
import { api } from '@web/lib/api-client.ts';
import { interviewsQueryKey } from './get-interviews.ts';

/** The overview's Interviews count changes with every schedule and cancel (the dashboard's key). */
const OVERVIEW_QUERY_KEY = ['dashboard-overview'] as const;

function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: interviewsQueryKey });
  void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY });
  // The application's stage may have moved to interview: the pipeline refetches its lists.
  void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
}

/** POST /api/interviews. A 409 INTERVIEW_CONFLICT lists who is busy; send again with allow_conflicts. */
export function scheduleInterview(body: ScheduleInterviewBody): Promise<SavedInterview> {
  return api('/api/interviews', { method: 'POST', body, schema: savedInterviewSchema });
}

export function useScheduleInterview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: scheduleInterview, onSettled: () => refresh(queryClient) });
}

/** PATCH /api/interviews/:id */
export function rescheduleInterview({ id, ...body }: RescheduleInterviewBody & { id: string }): Promise<SavedInterview> {
  return api(`/api/interviews/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: savedInterviewSchema });
}

export function useRescheduleInterview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleInterview, onSettled: () => refresh(queryClient) });
}

/** POST /api/interviews/:id/cancel */
export function cancelInterview({ id, reason }: { id: string; reason: string }): Promise<Interview> {
  return api(`/api/interviews/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason }, schema: interviewSchema });
}

export function useCancelInterview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelInterview, onSettled: () => refresh(queryClient) });
}

/** POST /api/interviews/:id/no-show: the candidate did not attend (only once the start has passed). */
export function markNoShow(id: string): Promise<Interview> {
  return api(`/api/interviews/${encodeURIComponent(id)}/no-show`, { method: 'POST', body: {}, schema: interviewSchema });
}

/** DELETE /api/interviews/:id/no-show: takes the mark off again. */
export function undoNoShow(id: string): Promise<Interview> {
  return api(`/api/interviews/${encodeURIComponent(id)}/no-show`, { method: 'DELETE', schema: interviewSchema });
}

export function useNoShow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ id, noShow }: { id: string; noShow: boolean }) => (noShow ? markNoShow(id) : undoNoShow(id)), onSettled: () => refresh(queryClient) });
}
