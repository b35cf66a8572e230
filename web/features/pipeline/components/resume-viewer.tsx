import { ExternalLink } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';

/**
 * The resume inline (issue 36 §2), in the browser's PDF viewer as the verification team's viewer
 * shows a document: the server answers it sandboxed, so it is shown, never run as a page of ours.
 * Phones' browsers often show no PDF in a frame: the link opens it whole.
 */
export function ResumeViewer({ url, name }: { url: string | null; name: string }) {
  return (
    <section aria-labelledby="panel-resume" className="space-y-2">
      <h3 id="panel-resume" className="font-semibold text-slate-900">
        {text.resumeHeading}
      </h3>
      {url ? (
        <>
          <iframe title={fill(text.resumeViewer, { name })} src={url} className="hidden h-[60vh] min-h-80 w-full rounded-md border border-slate-200 bg-slate-100 sm:block" data-testid="resume-viewer" />
          <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ExternalLink className="size-4" aria-hidden="true" />
            {text.openResume}
          </a>
        </>
      ) : (
        <p className="text-slate-500">{text.noResume}</p>
      )}
    </section>
  );
}
