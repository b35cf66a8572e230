import { messages } from '@shared/messages.ts';

export function CompanyTab() {
  return <p className="text-sm text-slate-600">{messages.settings.companyTab}</p>;
}
