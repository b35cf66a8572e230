import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can } from '@shared/permissions.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useMe } from '@web/lib/session/get-me.ts';

/**
 * The dashboard is role-aware: a candidate gets their own screens (own chunks), employers and
 * admins keep the spec's. The features do not know each other; the choice is made here.
 */
const EmployerHome = lazy(() => import('@web/features/dashboard/components/dashboard-home.tsx').then((module) => ({ default: module.DashboardHome })));
const CandidateHome = lazy(() => import('./candidate-home.tsx').then((module) => ({ default: module.CandidateHome })));
const CandidateDocuments = lazy(() => import('./candidate-documents.tsx').then((module) => ({ default: module.CandidateDocuments })));
const PrivacyPage = lazy(() => import('@web/features/privacy/components/privacy-page.tsx').then((module) => ({ default: module.PrivacyPage })));
const CompanyDocuments = lazy(() => import('@web/features/company-documents/components/company-documents-page.tsx').then((module) => ({ default: module.CompanyDocumentsPage })));
const SetUpCompanyFirst = lazy(() => import('@web/features/dashboard/components/set-up-company-first.tsx').then((module) => ({ default: module.SetUpCompanyFirst })));

const fallback = (
  <div className="flex justify-center py-16">
    <Spinner className="size-8" />
  </div>
);

function useRole() {
  return useMe().data?.user.role;
}

/**
 * An employer without a company yet (issue 33, B2): the company screens answered with raw errors
 * ("User is not associated with a company"); they show the way to set the company up instead.
 */
function useNeedsCompany(): boolean {
  const user = useMe().data?.user;
  return user?.role === 'employer' && !user.company_id;
}

const setUpCompanyFirst = (
  <Suspense fallback={fallback}>
    <SetUpCompanyFirst />
  </Suspense>
);

/** /dashboard: the candidate dashboard, or the employer overview (with its Complete Your Profile dialog). */
export function DashboardIndex() {
  const me = useMe().data;
  const role = me?.user.role;
  if (!role) return null;
  // A member whose role has no overview (an interviewer) starts at their interviews.
  if (role === 'employer' && me.user.company_id && !can(me.user.company_role, 'overview.view')) return <Navigate to="/dashboard/interviews" replace />;
  return <Suspense fallback={fallback}>{role === 'candidate' ? <CandidateHome /> : <EmployerHome />}</Suspense>;
}

/** /dashboard/documents: a candidate's own documents, or the company's applicants' documents (issue 17). */
export function DashboardDocuments() {
  const role = useRole();
  const needsCompany = useNeedsCompany();
  if (!role) return null;
  if (needsCompany) return setUpCompanyFirst;
  return <Suspense fallback={fallback}>{role === 'candidate' ? <CandidateDocuments /> : <CompanyDocuments />}</Suspense>;
}

/** /dashboard/privacy: a candidate's privacy centre (issue 18); others go back to /dashboard. */
export function DashboardPrivacy() {
  const role = useRole();
  if (!role) return null;
  return role === 'candidate' ? (
    <Suspense fallback={fallback}>
      <PrivacyPage />
    </Suspense>
  ) : (
    <Navigate to="/dashboard" replace />
  );
}

/** Employer screens (jobs, team, analytics, ...): a candidate has none of them and goes back to /dashboard. */
export function NotForCandidates() {
  const role = useRole();
  const needsCompany = useNeedsCompany();
  const { pathname } = useLocation();
  if (!role) return null;
  if (role === 'candidate') return <Navigate to="/dashboard" replace />;
  // Settings keeps "Your account", which needs no company.
  if (needsCompany && !pathname.startsWith('/dashboard/settings')) return setUpCompanyFirst;
  return <Outlet />;
}
