/**
 * A new employer's way forward (issue 33, B2): the overview's getting-started list, and what a
 * screen that needs a company says before there is one.
 */
// The links' texts avoid the sidebar's names (Jobs, Team, Billing), which they would otherwise echo.
export const gettingStartedMessages = {
  title: 'Get started with WorkCred',
  progress: '{done} of {total} done',
  dismiss: 'Hide this list',
  done: 'Done',
  notDone: 'Not done yet',
  afterCompany: 'Available once your company is set up.',
  loadFailed: 'Could not load your getting-started list.',
  retry: 'Retry',
  steps: {
    company: { label: 'Set up your company', hint: 'Your company’s name, industry and your position.', action: 'Complete Your Profile' },
    first_job: { label: 'Post your first job', hint: 'Share it by link or QR code and collect applications.', action: 'Post a job' },
    teammate: { label: 'Invite a teammate', hint: 'Recruiters and interviewers work on your jobs with you.', action: 'Invite people' },
    billing_profile: { label: 'Fill in your billing profile', hint: 'Who invoices are made out to, with your GSTIN.', action: 'Add invoice details' },
  },
  needsCompany: {
    heading: 'Set up your company first',
    body: 'Jobs, candidates, interviews, your team and billing all belong to your company. Tell us about it to start: it takes a minute.',
    action: 'Complete Your Profile',
  },
} as const;
