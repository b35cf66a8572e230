/**
 * Adding a candidate by hand (a referral, a walk-in) or from a CSV file (issue 36 §2, ADR 0030).
 * The company records what it was told; WorkCred asks the person to confirm before any application
 * exists. The texts never say whether the address already has a WorkCred account.
 */
export const candidateInvitationsMessages = {
  // The pipeline
  addCandidate: 'Add candidate',
  importCandidates: 'Import from CSV',
  addTitle: 'Add a candidate',
  addDescription: 'For a referral or a walk-in. We email them to confirm; they join this job’s pipeline when they do.',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone (optional)',
  source: 'How they came',
  sourceLabels: { referral: 'Referral', walk_in: 'Walk-in', added: 'Added by the team' },
  referrerName: 'Referred by (optional)',
  add: 'Add and email them',
  adding: 'Adding...',
  added: 'We emailed {name} to confirm. They join the pipeline when they do.',
  addFailed: 'Failed to add the candidate',
  waitingTitle: 'Waiting for the candidate to confirm',
  waitingEmpty: 'No one is waiting to confirm.',
  waitingSince: 'Emailed {date} · link valid until {expires}',
  withdraw: 'Withdraw',
  withdrawName: 'Withdraw the invitation to {name}',
  withdrawBody: 'The link we emailed {name} stops working, and they do not join the pipeline.',
  waitingCount: '{count} waiting',
  withdrawn: 'Invitation withdrawn',
  importTitle: 'Import candidates into {title}',
  importDescription: 'Columns: Name, Email, Phone, Source (referral, walk-in or added), Referred by. Each person is emailed to confirm.',
  imported: 'Emailed {count} people to confirm.',
  importedOne: 'Emailed 1 person to confirm.',
  importFailed: 'Failed to import the candidates',

  // Errors
  jobNotFound: 'Job not found',
  jobNotOpen: 'This job is not taking applications. Reopen or publish it to add candidates.',
  nameRequired: 'Full name is required',
  nameTooLong: 'Full name must be at most 120 characters',
  emailInvalid: 'Enter a valid email address',
  phoneInvalid: 'Enter a valid phone number (10 to 20 characters)',
  sourceInvalid: 'Source must be referral, walk-in or added',
  referrerTooLong: 'Referred by must be at most 120 characters',
  referrerOnlyForReferral: 'Referred by is only given for a referral',
  alreadyInvited: 'This person has already been emailed for this job and has not answered yet.',
  alreadyInPipeline: 'This person is already in this job’s pipeline.',
  ownAddress: 'This is a team member’s address at your company.',
  invitationNotFound: 'Invitation not found',
  notPending: 'This invitation has already been answered or withdrawn.',

  // The person's page (/confirm-application#<token>)
  pageTitle: 'Confirm your application',
  linkInvalid: 'This link is not valid or has expired. Ask the company to add you again, or apply on WorkCred.',
  addedYou: '{company} added you as a candidate for {job}.',
  referredBy: 'Referred by {name}.',
  walkIn: 'You met them at a walk-in.',
  whatTheyRecorded: 'What they recorded about you',
  recordedPhone: 'Phone',
  answerBy: 'Answer by {date}. If you do not, what they recorded is deleted.',
  confirmHelp: 'If you confirm, you join this job’s pipeline and {company} sees your WorkCred profile as they would if you applied. If you decline, what they recorded is deleted.',
  confirm: 'Yes, consider me',
  decline: 'No, delete my details',
  confirming: 'Saving...',
  confirmed: 'You are in {company}’s pipeline for {job}. Sign in with {email} to follow it and add your resume.',
  declined: 'Done. {company} no longer has your details for this job.',
  alreadyAnswered: 'You have already answered this invitation.',
  signIn: 'Sign in to WorkCred',

  // The email
  emailSubject: '{company} added you as a candidate for {job}',
  emailText:
    'Hello {name},\n\n{company} added you as a candidate for {job}{how}. They recorded your name, email{phone} and how you came to them.\n\nNothing happens until you answer. Confirm to join the pipeline, or decline to have your details deleted:\n{link}\n\nThe link works until {expires}. If you do not answer by then, your details are deleted.\n\nWorkCred',
  emailHowReferral: ', referred by {referrer}',
  emailHowWalkIn: ' after you met them at a walk-in',
  emailPhone: ', phone',
  companyAccount: 'This address belongs to a company’s account on WorkCred. Candidates apply with a personal address.',
} as const;
