import { SearchX } from 'lucide-react';
import { siteMessages as messages } from '@shared/messages/site.ts';
import { Button } from '@web/components/ui/button.tsx';

const text = messages.jobDetail;

/** A missing, removed or mistyped job (spec point 2): "Job not found" and a way back. */
export function JobNotFound({ onBack }: { onBack: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <SearchX className="size-10 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{text.notFound}</h1>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text.notFoundHint}</p>
      <Button variant="outline" className="mt-5" onClick={onBack}>
        {text.goBack}
      </Button>
    </div>
  );
}
