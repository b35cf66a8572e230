import { useState, type FormEvent } from 'react';
import { MapPin, Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { messages } from '@shared/messages.ts';
import { MAX_KEYWORDS_LENGTH, MAX_LOCATION_LENGTH } from '@shared/schemas/public-jobs.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import type { JobSearch } from '../api/get-public-jobs.ts';
import { jobSearchHref } from '../hooks/use-job-search.ts';

const text = messages.publicSite;

/**
 * Keywords and location. Typing changes nothing until the search is submitted; submitting puts the
 * search in the URL (first page). The parent re-mounts this form when the URL changes (Back).
 */
export function JobSearchForm({ search }: { search: JobSearch }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q);
  const [location, setLocation] = useState(search.location);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(jobSearchHref({ q: q.trim(), location: location.trim() }));
  };

  return (
    <form role="search" aria-label="Search jobs" onSubmit={onSubmit} className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div className="space-y-1.5">
        <Label htmlFor="job-keywords">{text.keywordsLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input id="job-keywords" type="search" name="q" value={q} onChange={(e) => setQ(e.target.value)} maxLength={MAX_KEYWORDS_LENGTH} placeholder={text.keywordsPlaceholder} className="pl-9" enterKeyHint="search" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="job-location">{text.locationLabel}</Label>
        <div className="relative">
          <MapPin className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <Input id="job-location" type="search" name="location" value={location} onChange={(e) => setLocation(e.target.value)} maxLength={MAX_LOCATION_LENGTH} placeholder={text.locationPlaceholder} className="pl-9" autoComplete="address-level2" enterKeyHint="search" />
        </div>
      </div>
      {/* brand-700, not the kit's brand-600: white on emerald-600 is below the 4.5:1 contrast of WCAG AA. */}
      <Button type="submit" size="lg" className="h-10 w-full bg-brand-700! hover:bg-brand-800! sm:w-auto">
        {text.search}
      </Button>
    </form>
  );
}
