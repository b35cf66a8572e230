import { useState } from 'react';
import { format } from 'date-fns';
import { messages } from '@shared/messages.ts';
import { NOTIFICATION_BATCHES_PAGE_SIZE } from '@shared/schemas/notifications.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { fill } from '@web/lib/fill.ts';
import { useNotificationBatches } from '../api/get-notification-batches.ts';

const text = messages.notificationsCenter;

/** The sends so far, newest first, ten a page: title, message, group, type, how many it reached, when and by whom. */
export function SentNotifications() {
  const [page, setPage] = useState(1);
  const batches = useNotificationBatches(page);
  const data = batches.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / NOTIFICATION_BATCHES_PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{text.historyTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        {batches.isError && !data ? (
          <div className="space-y-3 py-4 text-center" role="alert">
            <p className="text-sm text-red-700">{text.historyFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void batches.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : !data ? (
          <div className="flex justify-center py-8">
            <Spinner />
          </div>
        ) : data.items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{text.historyEmpty}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100" data-testid="notification-history">
              {data.items.map((batch) => (
                <li key={batch.id} className="py-3 first:pt-0">
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 text-sm font-medium break-words text-slate-900">{batch.title}</p>
                    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{text.typeLabels[batch.type]}</span>
                  </div>
                  <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-600">{batch.message}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {text.groupLabels[batch.recipient_group]} · {batch.recipients === 1 ? text.historyRecipientsOne : fill(text.historyRecipients, { count: batch.recipients.toLocaleString('en-IN') })} ·{' '}
                    <time dateTime={batch.created_at}>{format(new Date(batch.created_at), 'd MMM yyyy, HH:mm')}</time> · {batch.sender_name ?? text.unknownSender}
                  </p>
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-4" aria-label={text.historyTitle}>
                <Button variant="outline" size="sm" disabled={page <= 1 || batches.isFetching} onClick={() => setPage((p) => p - 1)}>
                  {text.previousPage}
                </Button>
                <span className="text-sm text-slate-600">{fill(text.pageOf, { page: String(page), pages: String(pages) })}</span>
                <Button variant="outline" size="sm" disabled={page >= pages || batches.isFetching} onClick={() => setPage((p) => p + 1)}>
                  {text.nextPage}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
