import { useEffect, useRef } from 'react';
import { liveConnection, type LiveMessage } from './live-connection.ts';

export type { LiveEvent } from './live-connection.ts';

/**
 * Listens to the server's live events (same origin, session cookie) while `enabled`, over the
 * page's one shared connection. `onEvent` also runs once each (re)connection is ready, so a screen
 * catches up on whatever it missed while disconnected. Change `key` (say, the company id) to
 * reconnect: the server decides a socket's topics when it connects.
 */
export function useLiveEvents(onEvent: (event: LiveMessage) => void, { enabled = true, key = '' }: { enabled?: boolean; key?: string } = {}) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!enabled) return;
    return liveConnection.subscribe({ key, onMessage: (message: LiveMessage) => handler.current(message) });
  }, [enabled, key]);
}
