import { format } from 'date-fns';
import { messages } from '@shared/messages.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useJobApplicants } from '../api/get-job-applicants.ts';

const text = messages.jobsManagement;

/** Applications: who applied to this job, with the date and status (spec leaves the behaviour open). */
export function JobApplicationsDialog({ job, open, onOpenChange }: { job: { id: string; title: string }; open: boolean; onOpenChange: (open: boolean) => void }) {
  const applicants = useJobApplicants(job.id, open);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="pr-6">{text.applicationsTitle.replace('{title}', job.title)}</DialogTitle>
        <DialogDescription>{text.applicationsCount.replace('{count}', String(applicants.data?.length ?? 0))}</DialogDescription>
        <div className="mt-4 max-h-96 overflow-y-auto">
          {applicants.isPending ? (
            <Spinner />
          ) : applicants.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {text.applicationsLoadFailed}
            </p>
          ) : applicants.data.length === 0 ? (
            <p className="text-sm text-slate-500">{text.applicationsEmpty}</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-2 font-medium">{text.applicantName}</th>
                  <th className="py-2 font-medium">{text.applicantDocuments}</th>
                  <th className="py-2 font-medium">{text.appliedOn}</th>
                  <th className="py-2 font-medium">{text.applicationStatus}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {applicants.data.map((applicant) => (
                  <tr key={applicant.id}>
                    <td className="py-2 pr-2 align-top text-slate-900">
                      {applicant.candidate_name}
                      {applicant.candidate_code ? (
                        <span className="block font-mono text-xs text-slate-500" title={text.candidateId}>
                          {applicant.candidate_code}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-2 align-top">
                      {applicant.documents.length === 0 ? (
                        <span className="text-slate-400">{text.noDocuments}</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {applicant.documents.map((document) => (
                            <li key={document.id}>
                              <a href={document.url} className="text-brand-700 hover:underline" download>
                                {messages.candidate.documents.typeLabels[document.document_type]}
                              </a>
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td className="py-2 align-top text-slate-600">{format(new Date(applicant.applied_at), 'MMM d, yyyy')}</td>
                    <td className="py-2 align-top text-slate-600 capitalize">{applicant.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
