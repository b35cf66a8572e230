import { useEffect, useRef } from 'react';

/** A live event from /api/live: ids, not rows; the screen refetches what it shows. */
export interface LiveEvent {
  topic: string;
  type: string;
  id?: string;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/live`;
}

/**
 * Listens to the server's live events (same origin, session cookie) while `enabled`, reconnecting
 * with exponential back-off. `onEvent` also runs once each (re)connection is ready, so a screen
 * catches up on whatever it missed while disconnected. Change `key` (say, the company id) to
 * reconnect: the server decides a socket's topics when it connects.
 */
export function useLiveEvents(onEvent: (event: LiveEvent | { type: 'ready' }) => void, { enabled = true, key = '' }: { enabled?: boolean; key?: string } = {}) {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  }, [onEvent]);

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let backoff = MIN_BACKOFF_MS;
    let stopped = false;

    const connect = () => {
      const current = new WebSocket(liveUrl());
      socket = current;
      current.addEventListener('open', () => {
        // Closing a socket still connecting makes Chrome log an error; close it once open instead.
        if (stopped) current.close(1000);
        else backoff = MIN_BACKOFF_MS;
      });
      current.addEventListener('message', (message) => {
        if (stopped || typeof message.data !== 'string') return;
        try {
          handler.current(JSON.parse(message.data) as LiveEvent);
        } catch {
          // Not JSON: ignore rather than break the screen.
        }
      });
      current.addEventListener('close', (event) => {
        if (stopped) return;
        // 4401: signed out; the session guard takes over, and retrying would only fail again.
        if (event.code === 4401 || event.code === 4403) return;
        timer = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      });
    };
    connect();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (socket && socket.readyState === WebSocket.OPEN) socket.close(1000);
    };
  }, [enabled, key]);
}
