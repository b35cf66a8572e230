import { messages } from '@shared/messages.ts';
import { ComingSoonPanel } from '@web/components/coming-soon.tsx';

export function JobsManagementPage() {
  return <ComingSoonPanel title={messages.shell.jobsTitle} />;
}
