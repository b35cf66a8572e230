import { useId, useState } from 'react';
import { CalendarSync } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { formatIst } from '@shared/schemas/interviews.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { useCalendarFeed, useChangeCalendarFeed } from '../api/calendar-feed.ts';

const text = messages.interviews;

/**
 * The member's private calendar feed (issue 36 §4). The address is shown once, in the answer that
 * made it (the server keeps only its hash); making a new one or turning it off ends the old one.
 */
export function CalendarFeedCard() {
  const id = useId();
  const feed = useCalendarFeed();
  const change = useChangeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);

  async function run(on: boolean) {
    try {
      const answer = await change.mutateAsync(on);
      setUrl(answer.url);
      toast.success(on ? text.feedCreated : text.feedRevoked);
    } catch (error) {
      const detail = errorMessage(error, '');
      toast.error(text.feedFailed, detail ? { description: detail } : undefined);
    }
  }

  const active = feed.data?.active ?? false;
  return (
    <Card className="space-y-3 p-5" data-testid="calendar-feed">
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CalendarSync className="size-4 text-slate-500" aria-hidden="true" />
        {text.feedTitle}
      </h3>
      <p className="text-sm text-slate-600">{text.feedDescription}</p>
      {url ? (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-900">
            {text.feedUrlLabel}
          </label>
          <input
            id={`${id}-url`}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
          />
        </div>
      ) : feed.data ? (
        <p className="text-sm text-slate-700">{active && feed.data.created_at ? fill(text.feedActiveSince, { date: formatIst(feed.data.created_at) }) : text.feedOff}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={change.isPending || feed.isPending} onClick={() => void run(true)}>
          {active ? text.feedRenew : text.feedCreate}
        </Button>
        {active ? (
          <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => void run(false)}>
            {text.feedRevoke}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
