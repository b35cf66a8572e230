import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { slotOfferListSchema, slotOfferSchema, slotPickPageSchema, type SlotOffer, type SlotOfferBody, type SlotPickPage } from '@shared/schemas/interview-slots.ts';
import { api } from '@web/lib/api-client.ts';
import { interviewsQueryKey } from './get-interviews.ts';

// Under the interviews' key: the live 'interview' events refresh these too.
const offersKey = (applicationId: string) => [...interviewsQueryKey, 'slot-offers', applicationId] as const;

/** GET /api/interviews/slot-offers: the application's offers of times (the open one shows on its panel). */
export function useSlotOffers(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: offersKey(applicationId),
    queryFn: ({ signal }) => api(`/api/interviews/slot-offers?application_id=${encodeURIComponent(applicationId)}`, { schema: slotOfferListSchema, signal }).then((body) => body.offers),
    enabled,
  });
}

/** POST /api/interviews/slot-offers. A 409 INTERVIEW_CONFLICT names the clashing times. */
export function useOfferSlots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotOfferBody): Promise<SlotOffer> => api('/api/interviews/slot-offers', { method: 'POST', body, schema: slotOfferSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interviewsQueryKey }),
  });
}

/** POST /api/interviews/slot-offers/:id/withdraw */
export function useWithdrawSlotOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<SlotOffer> => api(`/api/interviews/slot-offers/${encodeURIComponent(id)}/withdraw`, { method: 'POST', schema: slotOfferSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interviewsQueryKey }),
  });
}

/** POST /api/interview-slots/lookup: the token travels in the body, read from the link's #fragment. */
export const lookupSlots = (token: string): Promise<SlotPickPage> => api('/api/interview-slots/lookup', { method: 'POST', body: { token }, schema: slotPickPageSchema });

/** POST /api/interview-slots/book */
export const bookSlot = (body: { token: string; starts_at: string }): Promise<SlotPickPage> => api('/api/interview-slots/book', { method: 'POST', body, schema: slotPickPageSchema });
