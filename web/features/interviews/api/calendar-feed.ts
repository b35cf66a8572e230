import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema, type CalendarFeed } from '@shared/schemas/interview-calendar-feed.ts';
import { api } from '@web/lib/api-client.ts';

export const calendarFeedQueryKey = ['calendar-feed'] as const;

/** GET /api/calendar/feed: whether the member's calendar address is on (never the address itself). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return api('/api/calendar/feed', { schema: calendarFeedSchema, signal });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

/** POST makes a new address (the old one stops working); DELETE turns it off. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean): Promise<CalendarFeed> => api('/api/calendar/feed', { method: on ? 'POST' : 'DELETE', schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, { ...feed, url: null }),
  });
}
