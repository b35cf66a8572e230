import { AlertTriangle, RotateCw } from 'lucide-react';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.jobDetail;

/** The job could not be loaded (network, server): the spec's message and a Retry. */
export function JobLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <p className="mt-3 font-semibold text-red-800">{text.loadFailed}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
        {text.retry}
      </Button>
    </div>
  );
}
