import { messages } from '@shared/messages.ts';

export function BillingProfileTab() {
  return <p className="text-sm text-slate-600">{messages.settings.billingTab}</p>;
}
