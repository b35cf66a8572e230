import { useQuery } from '@tanstack/react-query';
import { interviewListSchema, type Interview } from '@shared/schemas/interviews.ts';
import { api } from '@web/lib/api-client.ts';

export type InterviewView = 'upcoming' | 'past' | 'cancelled' | 'all';

/** Every interviews query starts with this, so one invalidation refreshes them all. */
export const interviewsQueryKey = ['interviews'] as const;
export const interviewListQueryKey = (filter: { view: InterviewView; applicationId?: string }) => ['interviews', 'list', filter] as const;

/** GET /api/interviews: the company's interviews (upcoming soonest first, past newest first). */
export function getInterviews(filter: { view: InterviewView; applicationId?: string }, signal?: AbortSignal): Promise<Interview[]> {
  const search = new URLSearchParams({ view: filter.view, ...(filter.applicationId ? { application_id: filter.applicationId } : {}) });
  return api(`/api/interviews?${search.toString()}`, { schema: interviewListSchema, signal }).then((body) => body.interviews);
}

export function useInterviews(view: InterviewView) {
  return useQuery({ queryKey: interviewListQueryKey({ view }), queryFn: ({ signal }) => getInterviews({ view }, signal) });
}

export function useApplicationInterviews(applicationId: string) {
  return useQuery({ queryKey: interviewListQueryKey({ view: 'all', applicationId }), queryFn: ({ signal }) => getInterviews({ view: 'all', applicationId }, signal) });
}
