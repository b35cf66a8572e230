import { format } from 'date-fns';
import { candidateNotesMessages as text } from '@shared/messages/candidate-notes.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useApplicationTimeline } from '../api/application-timeline.ts';
import { NoteText } from './note-text.tsx';

/** Everything that happened to the application, newest first (issue 36 §2), a page at a time. */
export function TimelineSection({ applicationId }: { applicationId: string }) {
  const timeline = useApplicationTimeline(applicationId);
  const entries = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="panel-timeline" className="space-y-2">
      <h3 id="panel-timeline" className="font-semibold text-slate-900">
        {text.timelineHeading}
      </h3>
      {timeline.isPending ? (
        <Spinner label={text.timelineLoading} />
      ) : timeline.isError ? (
        <p role="alert" className="text-red-700">
          {text.timelineFailed}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-slate-500">{text.timelineEmpty}</p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4" data-testid="application-timeline">
          {entries.map((entry) => (
            <li key={`${entry.action}-${entry.id}`} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-slate-400" />
              <p className="font-medium text-slate-800">{entry.text}</p>
              <p className="text-xs text-slate-600">
                {entry.actor_name ? `${entry.actor_name} · ` : ''}
                <time dateTime={entry.at}>{format(new Date(entry.at), 'd MMM yyyy, h:mm a')}</time>
              </p>
              {entry.note?.body ? (
                <div className="mt-1 rounded-md bg-slate-50 px-2 py-1 text-sm">
                  <NoteText body={entry.note.body} />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage ? (
        <Button variant="outline" size="sm" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()}>
          {text.timelineMore}
        </Button>
      ) : null}
    </section>
  );
}
