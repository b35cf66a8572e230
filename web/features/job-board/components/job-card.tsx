import { CalendarClock, Clock, MapPin } from 'lucide-react';
import { SalaryIcon } from '@web/components/salary-icon.tsx';
import { format, formatDistanceToNowStrict } from 'date-fns';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { PublicJob } from '@shared/schemas/public-jobs.ts';
import { fill } from '@web/lib/fill.ts';

const text = messages.publicSite;

/** One job in the list. The title is the link; it stretches over the card so the whole card is clickable. */
export function JobCard({ job }: { job: PublicJob }) {
  const posted = new Date(job.created_at);
  const expires = job.expires_at ? new Date(job.expires_at) : null;
  return (
    <article className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600">
      <h3 className="text-lg leading-snug font-semibold text-slate-900">
        <Link to={`/jobs/${job.id}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
          {job.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm font-medium text-brand-800">{job.company_name}</p>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
        <li className="inline-flex items-center gap-1.5">
          <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="sr-only">Location: </span>
          {job.location || text.locationNotGiven}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <SalaryIcon salary={job.salary} className="size-4 shrink-0 text-slate-400" />
          <span className="sr-only">Salary: </span>
          {job.salary || text.salaryNotDisclosed}
        </li>
        <li className="inline-flex items-center gap-1.5">
          <Clock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <time dateTime={job.created_at} title={format(posted, 'd MMM yyyy, h:mm a')}>
            {fill(text.posted, { date: formatDistanceToNowStrict(posted, { addSuffix: true }) })}
          </time>
        </li>
        {expires && (
          <li className="inline-flex items-center gap-1.5">
            <CalendarClock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <time dateTime={job.expires_at ?? undefined}>{fill(text.closes, { date: format(expires, 'd MMM yyyy') })}</time>
          </li>
        )}
      </ul>
    </article>
  );
}
