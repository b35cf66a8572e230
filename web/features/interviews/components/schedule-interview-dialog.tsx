export interface ScheduleInterviewDialogProps {
  applicationId: string;
  candidateName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Schedules an interview for an application; the pipeline opens it (placeholder until interviews land). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function ScheduleInterviewDialog(props: ScheduleInterviewDialogProps) {
  return null;
}
