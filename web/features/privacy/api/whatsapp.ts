import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whatsappOptInSchema, type WhatsappOptInBody } from '@shared/schemas/whatsapp.ts';
import { api } from '@web/lib/api-client.ts';

const whatsappKey = ['privacy', 'whatsapp'] as const;

/** GET /api/candidate/whatsapp: the candidate's WhatsApp opt-in and whether their number is verified. */
export function useWhatsappOptIn() {
  return useQuery({ queryKey: whatsappKey, queryFn: ({ signal }) => api('/api/candidate/whatsapp', { schema: whatsappOptInSchema, signal }) });
}

/** PUT /api/candidate/whatsapp: turns it on or off; the consent ledger (the overview) changes with it. */
export function useSetWhatsappOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsappOptInBody) => api('/api/candidate/whatsapp', { method: 'PUT', body, schema: whatsappOptInSchema }),
    onSuccess: (state) => queryClient.setQueryData(whatsappKey, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['privacy'] }),
  });
}
