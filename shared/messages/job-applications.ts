/**
 * What an application sends (issue 33, B7): the candidate's "application received" email and the
 * in-app notice to the company's owners, admins and recruiters. Not in the spec.
 * Owned by the job applications feature; messages.ts spreads it in as messages.jobApplications.
 */
export const jobApplicationsMessages = {
  receivedEmail: {
    subject: 'Application received: {title} at {company}',
    greeting: 'Hello {name},',
    body: 'Your application for {title} at {company} has reached their hiring team.',
    next: 'What happens next: {company} reviews applications and moves them through their stages. We email you when they shortlist you, invite you to an interview, make an offer or decide not to go ahead, and your dashboard always shows where your application stands. You can withdraw it there too.',
    footer: 'See all your applications on your WorkCred dashboard: {url}',
  },
  teamNotice: {
    title: 'New application: {title}',
    message: '{candidate} applied for {title}. Review the application in the job’s pipeline.',
  },
} as const;
