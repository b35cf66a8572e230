import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  candidateOfferListSchema,
  candidateOfferSchema,
  companyOfferListSchema,
  companyOfferSchema,
  letterSignatorySchema,
  type LetterSignatoryInput,
  type OfferInput,
} from '@shared/schemas/offers.ts';
import { api } from '@web/lib/api-client.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';

const applicationKey = (applicationId: string) => ['offers', 'application', applicationId] as const;
const mineKey = ['offers', 'mine'] as const;
const signatoryKey = ['offers', 'signatory'] as const;

/** The offer letter's address: the PDF, as sent once it was (a preview for the company before). */
export const offerLetterUrl = (offerId: string) => `/api/offers/${encodeURIComponent(offerId)}/letter`;

/** GET /api/pipeline/applications/:id/offers, refetched when the company's offer events name this application. */
export function useApplicationOffers(applicationId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || (event.type === 'offer' && 'id' in event && event.id === applicationId)) void queryClient.invalidateQueries({ queryKey: applicationKey(applicationId) });
    },
    [queryClient, applicationId],
  );
  useLiveEvents(refresh, { enabled });
  return useQuery({
    queryKey: applicationKey(applicationId),
    enabled,
    queryFn: ({ signal }) => api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/offers`, { schema: companyOfferListSchema, signal }),
  });
}

/** Creates (no offer id) or changes an offer; the pipeline board refetches too (a stage may move). */
export function useSaveOffer(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, values }: { offerId: string | null; values: OfferInput }) =>
      offerId
        ? api(`/api/offers/${encodeURIComponent(offerId)}`, { method: 'PUT', body: values, schema: companyOfferSchema })
        : api(`/api/pipeline/applications/${encodeURIComponent(applicationId)}/offers`, { method: 'POST', body: values, schema: companyOfferSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKey(applicationId) }),
  });
}

export type OfferAction = 'submit' | 'approve' | 'send' | 'withdraw';

/** POST /api/offers/:id/{submit,approve,send,withdraw}. */
export function useOfferAction(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action, reason }: { offerId: string; action: OfferAction; reason?: string }) =>
      api(`/api/offers/${encodeURIComponent(offerId)}/${action}`, { method: 'POST', body: action === 'withdraw' ? { reason } : {}, schema: companyOfferSchema }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: applicationKey(applicationId) });
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
    },
  });
}

/** GET /api/candidate/offers: offers sent to me, refetched on my offer events. */
export function useMyOffers() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'ready' || event.type === 'offer') void queryClient.invalidateQueries({ queryKey: mineKey });
    },
    [queryClient],
  );
  useLiveEvents(refresh);
  return useQuery({ queryKey: mineKey, queryFn: ({ signal }) => api('/api/candidate/offers', { schema: candidateOfferListSchema, signal }) });
}

/** POST /api/candidate/offers/:id/{accept,decline}. */
export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, answer, reason }: { offerId: string; answer: 'accept' | 'decline'; reason?: string }) =>
      api(`/api/candidate/offers/${encodeURIComponent(offerId)}/${answer}`, { method: 'POST', body: answer === 'decline' && reason ? { reason } : {}, schema: candidateOfferSchema }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mineKey });
      void queryClient.invalidateQueries({ queryKey: ['candidate-applications'] });
    },
  });
}

export function useLetterSignatory() {
  return useQuery({ queryKey: signatoryKey, queryFn: ({ signal }) => api('/api/settings/letter-signatory', { schema: letterSignatorySchema, signal }) });
}

export function useSaveLetterSignatory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LetterSignatoryInput) => api('/api/settings/letter-signatory', { method: 'PUT', body: values, schema: letterSignatorySchema }),
    onSuccess: (saved) => queryClient.setQueryData(signatoryKey, saved),
  });
}
