import { messages } from '@shared/messages.ts';

export function CandidateEmailsTab() {
  return <p className="text-sm text-slate-600">{messages.settings.emailsTab}</p>;
}
