import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useLiveEvents } from '@web/lib/live/use-live-events.ts';
import { applicationEpfoQueryKey, useApplicationEpfo } from '../api/epfo.ts';
import { EpfoHistory } from './epfo-history.tsx';

const text = messages.epfo;

/** The candidate's EPFO employment history in the employer's application panel, live as a lookup decides. */
export function EpfoPanel({ applicationId }: { applicationId: string }) {
  const epfo = useApplicationEpfo(applicationId);
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (event.type === 'ready' || event.type === 'verification_check') void queryClient.invalidateQueries({ queryKey: applicationEpfoQueryKey(applicationId) });
  });
  const lookup = epfo.data?.lookup;
  return (
    <section aria-labelledby="panel-epfo" data-testid="epfo-panel">
      <h3 id="panel-epfo" className="mb-2 font-semibold text-slate-900">
        {text.panelTitle}
      </h3>
      {epfo.isPending ? (
        <Spinner />
      ) : epfo.isError ? (
        <p role="alert" className="text-red-700">
          {messages.pipeline.loadFailed}
        </p>
      ) : lookup?.findings ? (
        <EpfoHistory lookup={lookup} findings={lookup.findings} audience="others" />
      ) : (
        <p className="text-slate-500">{text.panelNone}</p>
      )}
    </section>
  );
}
