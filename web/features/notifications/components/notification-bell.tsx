import { useEffect, useRef, useState } from 'react';
import { formatDistanceToNow } from 'date-fns';
import { Bell, Megaphone, MessageSquare } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/cn.ts';
import { fill } from '@web/lib/fill.ts';
import { notificationListQueryKey, useNotifications } from '../api/get-notifications.ts';
import { usePendingNotifications } from '../api/get-pending-notifications.ts';
import { useNotificationsOwner } from '../api/notification-keys.ts';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';

const text = messages.notificationsCenter;

/**
 * The header bell: the count of unread notifications, and on opening the list, newest first.
 * Opening reads them: what was unread when it opened keeps a "New" mark until it closes.
 * The count comes from the same query the NotificationCenter keeps fresh over the live channel.
 */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const unread = usePendingNotifications().data?.unread_count ?? 0;
  const badge = unread > 99 ? '99+' : String(unread);
  const queryClient = useQueryClient();
  const owner = useNotificationsOwner();

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Next time it opens, start from a fresh first page.
    if (!next) queryClient.removeQueries({ queryKey: notificationListQueryKey(owner) });
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className={cn('relative', className)} aria-label={unread > 0 ? fill(text.bellLabelUnread, { count: String(unread) }) : text.bellLabel}>
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white"
              aria-hidden="true"
              data-testid="notification-count"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={text.listTitle}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex max-h-[min(28rem,calc(100dvh-5rem))] w-[min(22rem,calc(100vw-1rem))] flex-col rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {open ? <NotificationList /> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationList() {
  const list = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const { mutate } = markRead;
  // Ids that were unread while this list was open, and those already sent to be marked read.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(new Set<string>());

  const pages = list.data?.pages;
  useEffect(() => {
    if (!pages) return;
    const items = pages.flatMap((page) => page.items);
    const unreadIds = items.filter((n) => n.read_at === null && !marked.current.has(n.id)).map((n) => n.id);
    const unreadCount = pages[0]?.unread_count ?? 0;
    const listedUnread = items.filter((n) => n.read_at === null).length;
    if (unreadIds.length === 0 && unreadCount <= listedUnread) return;
    for (const id of unreadIds) marked.current.add(id);
    setFresh((previous) => new Set([...previous, ...unreadIds]));
    // More unread than the pages loaded hold: opening the bell reads them all.
    mutate(unreadCount > listedUnread || unreadIds.length > 100 ? { all: true } : { ids: unreadIds });
  }, [pages, mutate]);

  const items = pages?.flatMap((page) => page.items) ?? [];
  return (
    <>
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{text.listTitle}</h2>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="notification-list">
        {list.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={text.loadingMore} />
          </div>
        ) : list.isError ? (
          <p className="px-4 py-6 text-center text-sm text-red-700" role="alert">
            {text.listFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-slate-500">{text.listEmpty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((n) => {
              const isNew = fresh.has(n.id);
              const Icon = n.type === 'banner' ? Megaphone : MessageSquare;
              return (
                <li key={n.id} className={cn('flex gap-3 px-4 py-3', isNew && 'bg-brand-50/60')} data-testid="notification-item">
                  <Icon className={cn('mt-0.5 size-4 shrink-0', isNew ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="flex items-start gap-2 text-sm font-medium break-words text-slate-900">
                      <span className="min-w-0 flex-1">{n.title}</span>
                      {isNew ? <span className="shrink-0 rounded bg-brand-700 px-1.5 py-0.5 text-[0.625rem] font-semibold tracking-wide text-white uppercase">{text.newBadge}</span> : null}
                    </p>
                    <p className="mt-0.5 text-sm break-words whitespace-pre-line text-slate-600">{n.message}</p>
                    <p className="mt-1 text-xs text-slate-500">
                      <time dateTime={n.created_at}>{formatDistanceToNow(new Date(n.created_at), { addSuffix: true })}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="border-t border-slate-100 p-2">
            <Button variant="ghost" size="sm" className="w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? text.loadingMore : text.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
