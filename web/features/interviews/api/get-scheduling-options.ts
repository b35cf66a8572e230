import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { teamSchema, type TeamMember } from '@shared/schemas/dashboard.ts';
import { api } from '@web/lib/api-client.ts';

/** GET /api/team (the Team page asks the same under the same key): who can interview. */
export function useTeamMembers(enabled: boolean) {
  return useQuery({ queryKey: ['team'], queryFn: (): Promise<TeamMember[]> => api('/api/team', { schema: teamSchema }), enabled });
}

// Only the fields this feature reads; the jobs and pipeline features own the full shapes.
const jobsPageSchema = z.object({ jobs: z.array(z.object({ id: z.string(), title: z.string() })) });
const applicantsSchema = z.array(z.object({ id: z.string(), candidate_name: z.string(), status: z.string() }));

/** GET /api/jobs (first 100): the jobs to pick an applicant from. */
export function useJobsForScheduling(enabled: boolean) {
  return useQuery({ queryKey: ['jobs', 'for-interviews'], queryFn: () => api('/api/jobs?limit=100', { schema: jobsPageSchema }).then((page) => page.jobs), enabled });
}

/** GET /api/jobs/:jobId/applications: the applicants of the chosen job. */
export function useApplicantsForScheduling(jobId: string | null) {
  return useQuery({
    queryKey: ['jobs', jobId, 'applications', 'for-interviews'],
    queryFn: () => api(`/api/jobs/${encodeURIComponent(jobId ?? '')}/applications`, { schema: applicantsSchema }),
    enabled: jobId !== null,
  });
}
