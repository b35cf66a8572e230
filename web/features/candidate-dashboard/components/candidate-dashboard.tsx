import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { RegistrationState } from '@shared/schemas/candidate.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { fill } from '@web/lib/fill.ts';
import { CareerProfileCard } from '@web/features/candidate-search/components/career-profile-card.tsx';
import { EmploymentHistoryCard } from '@web/features/employment/components/employment-history-card.tsx';
import { MyLettersCard } from '@web/features/letters/components/my-letters-card.tsx';
import { CandidateOffersCard } from '@web/features/offers/components/candidate-offers-card.tsx';
import { CandidateInterviewsCard } from '@web/features/interviews/components/candidate-interviews-card.tsx';
import { VerificationCard } from '@web/features/verification/components/verification-card.tsx';
import { ApplicationsCard } from './applications-card.tsx';
import { CandidateIdCard } from './candidate-id-card.tsx';
import { FinishRegistrationBanner } from './finish-registration-banner.tsx';
import { ProfileCard, type SectionEditor } from './profile-card.tsx';

const text = messages.candidateDashboard;

interface CandidateDashboardProps {
  state: RegistrationState;
  /** The documents list with its upload buttons (the registration's own component). */
  documents: ReactNode;
  renderEditor: SectionEditor;
}

/**
 * /dashboard for a candidate: the candidate ID, the profile, documents and applications. The
 * candidate's data and the forms that change it belong to the registration; the app puts them here.
 */
export function CandidateDashboard({ state, documents, renderEditor }: CandidateDashboardProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6" data-testid="candidate-dashboard">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.title}</h2>
          <p className="mt-1 text-sm text-slate-600">{fill(text.welcome, { name: state.full_name || state.email })}</p>
        </div>
        <Button asChild>
          <Link to="/jobs">{text.browseJobs}</Link>
        </Button>
      </div>

      {state.completed ? null : <FinishRegistrationBanner />}

      {/* An offer waiting for an answer comes first (issue 36 §5); the card shows nothing without offers. */}
      <CandidateOffersCard />

      <CandidateIdCard code={state.candidate_code} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileCard state={state} renderEditor={renderEditor} />
        <Card>
          <CardHeader className="pb-2">
            <CardTitle>{text.documentsTitle}</CardTitle>
          </CardHeader>
          <div className="px-6 pb-4">{documents}</div>
        </Card>
      </div>

      <CareerProfileCard />
      <VerificationCard />
      <ApplicationsCard />
      <CandidateInterviewsCard />
      <EmploymentHistoryCard />
      <MyLettersCard />
    </div>
  );
}
