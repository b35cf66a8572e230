import { forCount } from '@shared/english.ts';
import { Link } from 'react-router';
import { BadgeCheck, Briefcase, Clock, MapPin } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import type { CandidateSearchResult } from '@shared/schemas/candidate-search.ts';
import { Card } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { formatLakh } from '../lib/format-pay.ts';
import { VerifiedMark } from './verified-mark.tsx';

const text = messages.candidateSearch;
const stageLabel = (stage: string) => text.stageLabels[stage as keyof typeof text.stageLabels] ?? stage;

/** One candidate found: who, experience, notice, location, skills (the searched ones first and marked), pay, badges, latest application. */
export function CandidateResultCard({ result, searchedSkills }: { result: CandidateSearchResult; searchedSkills: string[] }) {
  const wanted = new Set(searchedSkills.map((skill) => skill.toLowerCase()));
  const skills = [...result.skills].sort((a, b) => Number(wanted.has(b.toLowerCase())) - Number(wanted.has(a.toLowerCase())));
  const application = result.latest_application;
  return (
    <Card className="p-5" data-testid="candidate-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">{result.name}</h3>
          <p className="font-mono text-xs text-slate-500">{result.candidate_code}</p>
        </div>
        <ul className="flex flex-wrap gap-1.5" aria-label={text.verified}>
          {result.verified_subjects.map((subject) => (
            <li key={subject} className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800" data-testid="verified-badge">
              <BadgeCheck className="size-3.5" aria-hidden="true" />
              {fill(text.verifiedBadge, { subject: text.subjectLabels[subject] })}
            </li>
          ))}
        </ul>
      </div>

      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-slate-700">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{text.experienceLabel}</dt>
          <Briefcase className="size-4 text-slate-400" aria-hidden="true" />
          <dd>{result.experience_years === null ? text.notProvided : fill(forCount(result.experience_years, text.experienceYearsOne, text.experienceYears), { years: result.experience_years })}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{text.noticeMaxLabel}</dt>
          <Clock className="size-4 text-slate-400" aria-hidden="true" />
          <dd>{result.notice_period_days === null ? text.noNotice : fill(forCount(result.notice_period_days, text.noticeDaysOne, text.noticeDays), { days: result.notice_period_days })}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">{text.locationLabel}</dt>
          <MapPin className="size-4 text-slate-400" aria-hidden="true" />
          <dd>{result.location ?? text.notProvided}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-500">{text.currentPayShort}</dt>
          <dd className="flex items-center gap-1.5" data-testid="result-current-pay">
            {result.current_pay_lakh === null ? text.notProvided : formatLakh(result.current_pay_lakh)}
            {result.current_pay_lakh !== null && result.current_pay_verified ? <VerifiedMark /> : null}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="text-slate-500">{text.expectedPayShort}</dt>
          <dd data-testid="result-expected-pay">{result.expected_pay_lakh === null ? text.notProvided : formatLakh(result.expected_pay_lakh)}</dd>
        </div>
        {result.current_employer ? (
          <div className="flex items-center gap-1.5">
            <dt className="text-slate-500">{text.currentEmployerLabel}</dt>
            <dd className="flex items-center gap-1.5">
              {result.current_employer}
              {result.current_employer_verified ? <VerifiedMark /> : null}
            </dd>
          </div>
        ) : null}
      </dl>

      {skills.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={text.skillsLabel}>
          {skills.map((skill) => (
            <li
              key={skill}
              className={wanted.has(skill.toLowerCase()) ? 'rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-medium text-white' : 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700'}
            >
              {skill}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
        <p className="text-slate-600">
          {fill(text.latestApplication, { job: application.job_title })} · <span className="font-medium text-slate-800">{fill(text.stage, { stage: stageLabel(application.stage) })}</span> ·{' '}
          {new Date(application.applied_at).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}
        </p>
        <Link to={`/dashboard/jobs/${application.job_id}/pipeline`} className="font-medium text-brand-700 hover:underline">
          {text.openPipeline}
        </Link>
      </div>
    </Card>
  );
}
