import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { driveListSchema, driveSchema, type Drive } from '@shared/schemas/pipeline.ts';
import { api } from '@web/lib/api-client.ts';

/** The company's recruitment drives, which a job's QR code or link can carry (issue 7 point 1). */
export const drivesQueryKey = ['pipeline-drives'] as const;

export function useDrives(enabled: boolean) {
  return useQuery({ queryKey: drivesQueryKey, queryFn: ({ signal }) => api('/api/pipeline/drives', { schema: driveListSchema, signal }), enabled, retry: 1 });
}

export function useCreateDrive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string): Promise<Drive> => api('/api/pipeline/drives', { method: 'POST', body: { name }, schema: driveSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: drivesQueryKey }),
  });
}
