import { createBrowserRouter, Navigate } from 'react-router';
import { messages } from '@shared/messages.ts';
import { ComingSoonPage, ComingSoonPanel } from '@web/components/coming-soon.tsx';
import { AccountSecurityPage } from '@web/features/account-security/components/account-security-page.tsx';
import { AdminPage } from '@web/features/admin/components/admin-page.tsx';
import { AuthCallbackPage } from '@web/features/auth/components/auth-callback-page.tsx';
import { AuthPage } from '@web/features/auth/components/auth-page.tsx';
import { ResetPasswordPage } from '@web/features/auth/components/reset-password-page.tsx';
import { DashboardHome } from '@web/features/dashboard/components/dashboard-home.tsx';
import { DashboardLayout } from '@web/features/dashboard/components/dashboard-layout.tsx';
import { LandingPage } from '@web/features/landing/components/landing-page.tsx';
import { CandidateLandingPage } from '@web/features/candidate-landing/components/candidate-landing-page.tsx';
import { EmployerSignupPage } from '@web/features/employer-signup/components/employer-signup-page.tsx';
import { EmployerOnboardingPage } from '@web/features/employer-onboarding/components/employer-onboarding-page.tsx';
import { AboutPage } from '@web/features/public-pages/components/about-page.tsx';
import { ContactPage } from '@web/features/public-pages/components/contact-page.tsx';
import { FeaturesPage } from '@web/features/public-pages/components/features-page.tsx';
import { PrivacyPage } from '@web/features/public-pages/components/privacy-page.tsx';
import { ResourcesPage } from '@web/features/public-pages/components/resources-page.tsx';
import { TermsPage } from '@web/features/public-pages/components/terms-page.tsx';
import { CompaniesPage } from '@web/features/job-board/components/companies-page.tsx';
import { JobBoardPage } from '@web/features/job-board/components/job-board-page.tsx';
import { RedirectIfSignedIn } from './redirect-if-signed-in.tsx';
import { RequireSession } from './require-session.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/** The route table of spec point 2. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <LandingPage /> },
        { path: 'auth', element: <AuthPage /> },
        { path: 'auth/callback', element: <AuthCallbackPage /> },
        { path: 'auth/reset-password', element: <ResetPasswordPage /> },
        {
          element: <RedirectIfSignedIn />,
          children: [{ path: 'employer-signup', element: <EmployerSignupPage /> }],
        },
        { path: 'candidate', element: <CandidateLandingPage /> },
        { path: 'jobs', element: <JobBoardPage /> },
        { path: 'companies', element: <CompaniesPage /> },
        { path: 'resources', element: <ResourcesPage /> },
        { path: 'about', element: <AboutPage /> },
        { path: 'features', element: <FeaturesPage /> },
        { path: 'contact', element: <ContactPage /> },
        { path: 'privacy', element: <PrivacyPage /> },
        { path: 'terms', element: <TermsPage /> },
        // The candidate landing's Register Now points at /candidate-registration: both work.
        { path: 'candidate/register', element: <ComingSoonPage title="Join Our Platform" /> },
        { path: 'candidate-registration', element: <ComingSoonPage title="Join Our Platform" /> },
        { path: 'jobs/:jobId', element: <ComingSoonPage title="Job Details" /> },
        {
          element: <RequireSession />,
          children: [
            { path: 'employer/onboarding', element: <EmployerOnboardingPage /> },
            { path: 'account/security', element: <AccountSecurityPage /> },
            {
              path: 'dashboard',
              element: <DashboardLayout />,
              children: [
                { index: true, element: <DashboardHome /> },
                { path: 'jobs/*', element: <ComingSoonPanel title={messages.shell.jobsTitle} /> },
                { path: 'team', element: <ComingSoonPanel title={messages.shell.teamTitle} /> },
                { path: 'support', element: <ComingSoonPanel title={messages.shell.supportTitle} /> },
                { path: 'documents', element: <ComingSoonPanel title={messages.comingSoon.documents} /> },
                { path: 'analytics', element: <ComingSoonPanel title={messages.comingSoon.analytics} /> },
                { path: 'billing', element: <ComingSoonPanel title={messages.comingSoon.billing} /> },
                { path: 'settings', element: <ComingSoonPanel title={messages.comingSoon.settings} /> },
                { path: '*', element: <Navigate to="/dashboard" replace /> },
              ],
            },
            {
              element: <RequireSession admin />,
              children: [
                { path: 'admin', element: <AdminPage /> },
                { path: 'admin/*', element: <Navigate to="/admin" replace /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}
