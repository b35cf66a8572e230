import { scorecardsMessages as cards } from '@shared/messages/scorecards.ts';
import { fill } from '@web/lib/fill.ts';
import { useScorecardSummary } from '../api/scorecards.ts';
import { RecommendationBadge } from './scorecard-bits.tsx';

/**
 * The application's scorecards at a glance on its pipeline panel (issue 36 §4): each interviewer's
 * recommendation and average, per interview. What the caller may not see yet the server leaves out.
 */
export function ScorecardSummaryList({ applicationId }: { applicationId: string }) {
  const summary = useScorecardSummary(applicationId);
  if (summary.isPending) return null;
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {cards.summaryLoadFailed}
      </p>
    );
  const rows = summary.data.rows;
  if (rows.length === 0) return null;
  const interviews = [...new Set(rows.map((row) => row.interview_id))];
  return (
    <section aria-labelledby={`${applicationId}-scorecards`} className="space-y-2" data-testid="scorecard-summary">
      <h3 id={`${applicationId}-scorecards`} className="text-sm font-semibold text-slate-900">
        {cards.summaryTitle}
      </h3>
      {interviews.map((interviewId) => {
        const ofInterview = rows.filter((row) => row.interview_id === interviewId);
        return (
          <div key={interviewId} className="rounded-lg border border-slate-200">
            <p className="border-b border-slate-100 px-3 py-1.5 text-xs text-slate-600">{fill(cards.summaryInterview, { time: ofInterview[0]?.starts_at_label ?? '' })}</p>
            <ul className="divide-y divide-slate-100">
              {ofInterview.map((row) => (
                <li key={row.interviewer_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">{row.interviewer_name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-slate-700">
                    {!row.submitted ? (
                      <span className="text-xs text-slate-600">{cards.notSubmitted}</span>
                    ) : row.hidden ? (
                      <span className="text-xs text-slate-600">{cards.summaryHidden}</span>
                    ) : (
                      <>
                        {row.recommendation ? <RecommendationBadge recommendation={row.recommendation} /> : <span className="text-xs text-slate-600">{cards.olderScorecard}</span>}
                        {row.average_rating !== null ? <span className="text-xs">{fill(cards.averageRating, { average: row.average_rating.toFixed(1) })}</span> : null}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}
