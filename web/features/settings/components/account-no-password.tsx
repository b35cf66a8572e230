import { messages } from '@shared/messages.ts';

/** An account made with Google or an email code has no password to confirm changes with. */
export function NoPasswordNotice() {
  return <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{messages.account.noPassword}</p>;
}
