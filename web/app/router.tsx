import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpinner } from '@web/components/ui/spinner.tsx';
import { LandingPage } from '@web/features/landing/components/landing-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';
import { screen } from '@web/lib/session/screen-permission.ts';

/**
 * Each screen is its own chunk, loaded when its route is first visited, so the landing page does
 * not download the dashboard, the admin area or the forms. The guards (session, role) are chunks
 * of their own too: the first load of a public page carries only the landing and the router
 * (issue 14, item 4). The landing stays in the first chunk: it is the page most people open first.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The route table of spec point 2 (also rendered at build for `/`: web/prerender.tsx). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // While the first screen's chunk loads (lazy routes are resolved before the first render).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'auth', lazy: page(() => import('@web/features/auth/components/auth-page.tsx'), 'AuthPage') },
      { path: 'auth/callback', lazy: page(() => import('@web/features/auth/components/auth-callback-page.tsx'), 'AuthCallbackPage') },
      { path: 'auth/reset-password', lazy: page(() => import('@web/features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage') },
      {
        lazy: page(() => import('./redirect-if-signed-in.tsx'), 'RedirectIfSignedIn'),
        children: [{ path: 'employer-signup', lazy: page(() => import('@web/features/employer-signup/components/employer-signup-page.tsx'), 'EmployerSignupPage') }],
      },
      { path: 'candidate', lazy: page(() => import('@web/features/candidate-landing/components/candidate-landing-page.tsx'), 'CandidateLandingPage') },
      { path: 'jobs', lazy: page(() => import('@web/features/job-board/components/job-board-page.tsx'), 'JobBoardPage') },
      { path: 'companies', lazy: page(() => import('@web/features/job-board/components/companies-page.tsx'), 'CompaniesPage') },
      { path: 'companies/:slug', lazy: page(() => import('@web/features/job-board/components/company-page.tsx'), 'CompanyPage') },
      { path: 'resources', lazy: page(() => import('@web/features/public-pages/components/resources-page.tsx'), 'ResourcesPage') },
      { path: 'about', lazy: page(() => import('@web/features/public-pages/components/about-page.tsx'), 'AboutPage') },
      { path: 'features', lazy: page(() => import('@web/features/public-pages/components/features-page.tsx'), 'FeaturesPage') },
      { path: 'contact', lazy: page(() => import('@web/features/public-pages/components/contact-page.tsx'), 'ContactPage') },
      { path: 'privacy', lazy: page(() => import('@web/features/public-pages/components/privacy-page.tsx'), 'PrivacyPage') },
      { path: 'terms', lazy: page(() => import('@web/features/public-pages/components/terms-page.tsx'), 'TermsPage') },
      { path: 'developers', lazy: page(() => import('@web/features/developers/components/developers-docs-page.tsx'), 'DevelopersDocsPage') },
      // The candidate landing's Register Now points at /candidate-registration: both work.
      { path: 'candidate/register', lazy: page(() => import('@web/features/candidate-registration/components/candidate-registration-page.tsx'), 'CandidateRegistrationPage') },
      { path: 'candidate-registration', lazy: page(() => import('@web/features/candidate-registration/components/candidate-registration-page.tsx'), 'CandidateRegistrationPage') },
      // Accepting a team invite (issue 13); the token is in the link's #fragment.
      { path: 'join', lazy: page(() => import('@web/features/team/components/join-page.tsx'), 'JoinPage') },
      { path: 'pick-a-time', lazy: page(() => import('@web/features/interviews/components/pick-a-time-page.tsx'), 'PickATimePage') },
      // A person a company added by hand confirms or declines (issue 36 §2); the token is in the #fragment.
      { path: 'confirm-application', lazy: page(() => import('@web/features/confirm-application/components/confirm-application-page.tsx'), 'ConfirmApplicationPage') },
      { path: 'account/confirm-email', lazy: page(() => import('@web/features/settings/components/account-confirm-email-page.tsx'), 'ConfirmEmailPage') },
      // Issue 17: anyone checks a letter by its code.
      { path: 'verify/:code?', lazy: page(() => import('@web/features/letters/components/verify-letter-page.tsx'), 'VerifyLetterPage') },
      { path: 'jobs/:jobId', lazy: page(() => import('@web/features/job-detail/components/job-detail-page.tsx'), 'JobDetailPage') },
      {
        lazy: page(() => import('./require-session.tsx'), 'RequireSession'),
        children: [
          { path: 'employer/onboarding', lazy: page(() => import('@web/features/employer-onboarding/components/employer-onboarding-page.tsx'), 'EmployerOnboardingPage') },
          { path: 'account/security', lazy: page(() => import('@web/features/account-security/components/account-security-page.tsx'), 'AccountSecurityPage') },
          {
            path: 'dashboard',
            lazy: page(() => import('@web/features/dashboard/components/dashboard-layout.tsx'), 'DashboardLayout'),
            children: [
              // Role-aware: a candidate's overview and documents, or the employer screens of the spec.
              { index: true, lazy: page(() => import('./dashboard-by-role.tsx'), 'DashboardIndex') },
              { path: 'documents', handle: screen('documents.view'), lazy: page(() => import('./dashboard-by-role.tsx'), 'DashboardDocuments') },
              { path: 'privacy', lazy: page(() => import('./dashboard-by-role.tsx'), 'DashboardPrivacy') },
              { path: 'support', lazy: page(() => import('@web/features/support-chat/components/support-chat.tsx'), 'SupportChat') },
              {
                lazy: page(() => import('./dashboard-by-role.tsx'), 'NotForCandidates'),
                children: [
                  { path: 'jobs/:jobId/pipeline', handle: screen('pipeline.view'), lazy: page(() => import('@web/features/pipeline/components/pipeline-page.tsx'), 'PipelinePage') },
                  { path: 'jobs/*', handle: screen('jobs.view'), lazy: page(() => import('@web/features/jobs-management/components/jobs-management-page.tsx'), 'JobsManagementPage') },
                  { path: 'candidates', handle: screen('candidates.search'), lazy: page(() => import('@web/features/candidate-search/components/candidate-search-page.tsx'), 'CandidateSearchPage') },
                  { path: 'interviews', handle: screen('interviews.view'), lazy: page(() => import('@web/features/interviews/components/interviews-page.tsx'), 'InterviewsPage') },
                  { path: 'team', handle: screen('team.view'), lazy: page(() => import('@web/features/team/components/team-page.tsx'), 'TeamPage') },
                  { path: 'team/employees', handle: screen('employees.view'), lazy: page(() => import('@web/features/employment/components/employees-page.tsx'), 'EmployeesPage') },
                  { path: 'analytics', handle: screen('analytics.view'), lazy: page(() => import('@web/features/analytics/components/analytics-page.tsx'), 'AnalyticsPage') },
                  { path: 'billing', handle: screen('billing.view'), lazy: page(() => import('@web/features/billing/components/billing-page.tsx'), 'BillingPage') },
                  { path: 'billing/test-checkout/:checkoutId', handle: screen('billing.manage'), lazy: page(() => import('@web/features/billing/components/test-checkout-page.tsx'), 'TestCheckoutPage') },
                  { path: 'settings/:tab?', lazy: page(() => import('@web/features/settings/components/settings-page.tsx'), 'SettingsPage') },
                ],
              },
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
          {
            lazy: page(() => import('./require-session.tsx'), 'RequireAdminSession'),
            children: [
              { path: 'admin', lazy: page(() => import('@web/features/admin/components/admin-page.tsx'), 'AdminPage') },
              { path: 'admin/*', element: <Navigate to="/admin" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
