import { format } from 'date-fns';
import type { ActivityEntry } from '@shared/schemas/dashboard.ts';
import { messages } from '@shared/messages.ts';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';

const text = messages.dashboardOverview;

/** "job_posting" → "job posting". */
const humanise = (value: string) => value.replace(/_/g, ' ');

/** "Recent Activity": the 10 newest audit entries of the company, in a 400 px scrollable list. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.recentActivity}</CardTitle>
      </CardHeader>
      <div className="h-[400px] overflow-y-auto px-6 pb-6" tabIndex={0} role="region" aria-label={text.recentActivity}>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-500">{text.noActivity}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="recent-activity">
            {entries.map((entry) => (
              <li key={entry.id} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{entry.actor_name ?? text.unknownActor}</p>
                  <p className="text-sm text-slate-600">
                    {entry.text} · {humanise(entry.entity_type)}
                    {entry.subject ? (
                      <>
                        {' · '}
                        <span className="font-medium break-words text-slate-800">{entry.subject}</span>
                      </>
                    ) : null}
                  </p>
                </div>
                <time dateTime={entry.created_at} className="shrink-0 text-xs text-slate-500">
                  {format(new Date(entry.created_at), 'MMM d, h:mm a')}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
