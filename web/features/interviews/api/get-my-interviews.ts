import { useQuery } from '@tanstack/react-query';
import { myInterviewListSchema, type MyInterview } from '@shared/schemas/interviews.ts';
import { api } from '@web/lib/api-client.ts';

export const myInterviewsQueryKey = ['interviews', 'mine'] as const;

/** GET /api/interviews/mine: the signed-in candidate's own interviews. */
export function getMyInterviews(signal?: AbortSignal): Promise<MyInterview[]> {
  return api('/api/interviews/mine', { schema: myInterviewListSchema, signal }).then((body) => body.interviews);
}

export function useMyInterviews() {
  return useQuery({ queryKey: myInterviewsQueryKey, queryFn: ({ signal }) => getMyInterviews(signal) });
}
