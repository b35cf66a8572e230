/**
 * Why the session ended, noted where it is found out (the session query, another tab) and read
 * once by the route guard to choose its message. Tabs tell each other about sign-in and sign-out.
 */
export type SessionEndReason = 'expired' | 'signed-out-elsewhere';

let pendingReason: SessionEndReason | null = null;

export function noteSessionEnd(reason: SessionEndReason): void {
  pendingReason = reason;
}

export function takeSessionEndReason(): SessionEndReason | null {
  const reason = pendingReason;
  pendingReason = null;
  return reason;
}

export type TabMessage = 'signed-in' | 'signed-out';
const CHANNEL = 'workcred-session';

export function tellOtherTabs(message: TabMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(message);
  channel.close();
}

export function listenToOtherTabs(onMessage: (message: TabMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data === 'signed-in' || event.data === 'signed-out') onMessage(event.data);
  };
  return () => channel.close();
}
