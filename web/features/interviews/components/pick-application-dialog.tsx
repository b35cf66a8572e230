import { useId, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { useApplicantsForScheduling, useJobsForScheduling } from '../api/get-scheduling-options.ts';
import { selectClass } from './interview-details-fields.tsx';

const text = messages.interviews;
const CLOSED = new Set(['hired', 'rejected', 'withdrawn']);

/** From the Interviews page: choose a job and one of its open applications, then schedule. */
export function PickApplicationDialog({ open, onOpenChange, onPicked }: { open: boolean; onOpenChange: (open: boolean) => void; onPicked: (application: { id: string; candidateName: string }) => void }) {
  const id = useId();
  const [jobId, setJobId] = useState<string | null>(null);
  const [applicationId, setApplicationId] = useState('');
  const jobs = useJobsForScheduling(open);
  const applicants = useApplicantsForScheduling(jobId);
  const openApplicants = (applicants.data ?? []).filter((applicant) => !CLOSED.has(applicant.status));
  const chosen = openApplicants.find((applicant) => applicant.id === applicationId);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{text.scheduleTitle}</DialogTitle>
        <DialogDescription>{text.pageDescription}</DialogDescription>
        <div className="mt-4 space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-job`}>{text.pickJob}</Label>
            <select
              id={`${id}-job`}
              className={selectClass}
              value={jobId ?? ''}
              onChange={(event) => {
                setJobId(event.target.value || null);
                setApplicationId('');
              }}
            >
              <option value="">{text.pickJobPlaceholder}</option>
              {(jobs.data ?? []).map((job) => (
                <option key={job.id} value={job.id}>
                  {job.title}
                </option>
              ))}
            </select>
          </div>
          {jobId ? (
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-applicant`}>{text.pickApplicant}</Label>
              <select id={`${id}-applicant`} className={selectClass} value={applicationId} onChange={(event) => setApplicationId(event.target.value)}>
                <option value="">{text.pickApplicantPlaceholder}</option>
                {openApplicants.map((applicant) => (
                  <option key={applicant.id} value={applicant.id}>
                    {applicant.candidate_name}
                  </option>
                ))}
              </select>
              {applicants.isSuccess && openApplicants.length === 0 ? <p className="text-sm text-slate-500">{text.noApplicants}</p> : null}
            </div>
          ) : null}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {text.close}
            </Button>
            <Button disabled={!chosen} onClick={() => chosen && onPicked({ id: chosen.id, candidateName: chosen.candidate_name })}>
              {text.next}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
