/**
 * Why the session ended, noted where it is found out (the session query, another tab) and read
 * once by the route guard to choose its message. Tabs tell each other about sign-in and sign-out.
 */
export type SessionEndReason = 'expired' | 'signed-out-elsewhere' | 'removed';

let pendingReason: SessionEndReason | null = null;
let pendingNotice: string | null = null;

/** `notice`: the server's own words for why (a removal from the company, issue 33 B8). */
export function noteSessionEnd(reason: SessionEndReason, notice: string | null = null): void {
  // The removal's notice outranks the plain "session expired" the session query notes after it.
  if (pendingReason === 'removed' && reason === 'expired') return;
  pendingReason = reason;
  pendingNotice = notice;
}

export function takeSessionEndReason(): SessionEndReason | null {
  const reason = pendingReason;
  pendingReason = null;
  return reason;
}

/** The notice noted with the reason, read once. */
export function takeSessionEndNotice(): string | null {
  const notice = pendingNotice;
  pendingNotice = null;
  return notice;
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
