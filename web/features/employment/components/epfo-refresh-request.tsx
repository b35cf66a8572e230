import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import { epfoRefreshRequestSchema } from '@shared/schemas/epfo.ts';
import type { SharedRecord } from '@shared/schemas/employment.ts';
import { Button } from '@web/components/ui/button.tsx';
import { api, errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { toast } from '@web/lib/toast.ts';

/** A share this old may be refreshed at the employer's request (the server says the same). */
const REFRESH_AFTER_MS = 90 * 86_400_000;

/**
 * In a shared record held for 90 days or more (issue 34 §3): ask the candidate to refresh their
 * EPFO confirmation. Offered only to members who may act on applications, as the server requires.
 */
export function EpfoRefreshRequest({ candidateId, record }: { candidateId: string; record: SharedRecord }) {
  const canAsk = useCan('pipeline.move');
  // When the panel opened: the share's age is judged once, not on every render.
  const [openedAt] = useState(() => Date.now());
  const ask = useMutation({
    mutationFn: () => api(`/api/employment-records/shared/${encodeURIComponent(candidateId)}/epfo-refresh`, { method: 'POST', body: {}, schema: epfoRefreshRequestSchema }),
    onSuccess: () => toast.success(fill(messages.epfo.refreshRequested, { name: record.candidate_name })),
    onError: (error) => toast.error(errorMessage(error, messages.verification.actionFailed)),
  });
  if (!canAsk || !record.shared || !record.shared_at || openedAt - new Date(record.shared_at).getTime() < REFRESH_AFTER_MS) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => ask.mutate()} disabled={ask.isPending || ask.isSuccess}>
      {messages.epfo.refreshRequestButton}
    </Button>
  );
}
