import type { Kysely } from 'kysely';
import type { PendingNotifications } from '../../../shared/schemas/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { listPendingNotificationsFor } from './list-notifications.ts';

/** How long a connecting socket's question waits for others to share its statement. */
const GATHER_MS = 10;
/** At most this many recipients in one statement. */
const MAX_BATCH = 500;

/**
 * The pending notifications of people whose live sockets are connecting, asked together (issue
 * 14, item 7): when a restart drops every socket, the thousands that reconnect at once cost a few
 * statements, not one HTTP request each. Questions arriving within GATHER_MS share one read;
 * several tabs of one person share one answer.
 */
export function createPendingBatcher(db: Kysely<DB>) {
  let waiting = new Map<string, ((answer: PendingNotifications | Error) => void)[]>();
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    timer = undefined;
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_BATCH) {
      const chunk = ids.slice(start, start + MAX_BATCH);
      try {
        const answers = await listPendingNotificationsFor(db, chunk);
        for (const id of chunk) for (const reply of batch.get(id) ?? []) reply(answers.get(id)!);
      } catch (error) {
        for (const id of chunk) for (const reply of batch.get(id) ?? []) reply(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  return {
    /** The recipient's pending notifications, read with everyone else's asked meanwhile. */
    pendingFor(recipientId: string): Promise<PendingNotifications> {
      return new Promise((resolve, reject) => {
        const replies = waiting.get(recipientId) ?? [];
        replies.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer)));
        waiting.set(recipientId, replies);
        timer ??= setTimeout(() => void flush(), GATHER_MS);
      });
    },
  };
}

export type PendingBatcher = ReturnType<typeof createPendingBatcher>;
