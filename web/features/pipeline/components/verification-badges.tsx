import { BadgeCheck } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { fill } from '@web/lib/fill.ts';
import { subjectLabel } from '../lib/format.ts';

/** One green badge per verified check (phone, UAN, each document). */
export function VerificationBadges({ subjects }: { subjects: string[] }) {
  if (subjects.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Verified">
      {subjects.map((subject) => (
        <li
          key={subject}
          className="inline-flex items-center gap-0.5 rounded-full bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-800"
          title={subject === 'epfo' ? messages.epfo.mark : fill(messages.pipeline.verifiedBadge, { subject: subjectLabel(subject) })}
          data-testid={`badge-${subject}`}
        >
          <BadgeCheck className="size-3" aria-hidden="true" />
          {/* The UAN confirmed by an EPFO provider (issue 34). */}
          {subject === 'epfo' ? messages.epfo.mark : subjectLabel(subject)}
        </li>
      ))}
    </ul>
  );
}
