import { markResultSchema, type MarkResult } from '@shared/schemas/notifications.ts';
import { api } from '@web/lib/api-client.ts';

/** POST /api/notifications/delivered: these toasts have popped up here; no later visit pops them up again. */
export function markNotificationsDelivered(ids: string[]): Promise<MarkResult> {
  return api('/api/notifications/delivered', { method: 'POST', body: { ids }, schema: markResultSchema });
}
