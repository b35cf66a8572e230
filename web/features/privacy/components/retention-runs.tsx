import { messages } from '@shared/messages.ts';
import { QueryBody } from '@web/components/query-body.tsx';
import { useRetentionRuns } from '../api/privacy.ts';

const text = messages.privacy;

/** The retention schedule's runs, newest first: the log of processing admins keep. */
export function RetentionRuns() {
  const runs = useRetentionRuns();
  return (
    <section aria-labelledby="retention-runs-heading" className="space-y-2">
      <h3 id="retention-runs-heading" className="text-base font-semibold text-slate-900">
        {text.retentionTitle}
      </h3>
      <p className="max-w-3xl text-sm text-slate-600">{text.retentionIntro}</p>
      <QueryBody query={runs} label={text.retentionTitle} failed={text.loadRequestsFailed} empty={text.retentionEmpty}>
        {(rows) => (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-labelledby="retention-runs-heading">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {[text.retentionDay, text.retentionWarned, text.retentionInactive, text.retentionUnsubmitted].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-2 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((run) => (
                  <tr key={run.run_date}>
                    <th scope="row" className="px-4 py-2 font-medium whitespace-nowrap text-slate-900">
                      {run.run_date}
                    </th>
                    <td className="px-4 py-2 tabular-nums">{run.warned}</td>
                    <td className="px-4 py-2 tabular-nums">{run.inactive_scheduled}</td>
                    <td className="px-4 py-2 tabular-nums">{run.unsubmitted_scheduled}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryBody>
    </section>
  );
}
