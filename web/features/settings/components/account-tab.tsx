import { messages } from '@shared/messages.ts';

/** Settings → Your account (issue 13). */
export function AccountTab() {
  return <p className="text-sm text-slate-600">{messages.account.tabTitle}</p>;
}
