/** Verification checks, consents and the review queue (issue 7 point 2). The spec shows no screens for these: the texts are ours. */
export const verificationMessages = {
  adminTab: 'Verification',

  // ── Names of things.
  subjects: {
    phone: 'Mobile number',
    uan: 'UAN (EPFO)',
    resume: 'Resume',
    bank_statement: 'Bank statement',
    experience_letter: 'Experience letter',
    salary_slip: 'Salary slip',
  } as Record<string, string>,
  /** The same names inside a sentence ("Verify your UAN (EPFO)"): lower case, but acronyms stay as written. */
  subjectsInSentence: {
    phone: 'mobile number',
    uan: 'UAN (EPFO)',
    resume: 'resume',
    bank_statement: 'bank statement',
    experience_letter: 'experience letter',
    salary_slip: 'salary slip',
  } as Record<string, string>,
  statuses: {
    pending: 'Pending',
    in_review: 'In review',
    verified: 'Verified',
    rejected: 'Rejected',
  } as Record<string, string>,
  deciders: {
    algorithm: 'Automatic check',
    provider: 'EPFO records provider',
    verification_team: 'WorkCred verification team',
  } as Record<string, string>,
  fields: {
    phone: 'Mobile number',
    full_name: 'Name',
    uan: 'UAN',
    current_employer: 'Current employer',
    current_pay_lakh: 'Current pay',
    salary_credits: 'Salary credits',
  } as Record<string, string>,

  // ── What the candidate agrees to, per check (stored with the consent as its purpose).
  purposes: {
    phone: 'WorkCred confirms that the mobile number on your profile is yours, using the one-time code you entered when you registered.',
    uan: 'WorkCred sends your UAN and name to an EPFO employment-history provider to confirm your UAN and the employers on record.',
    resume: 'WorkCred reads the text of your resume and compares your name with your profile. The verification team may view the document.',
    bank_statement:
      'WorkCred reads the text of your bank statement and compares your name and salary credits with your profile and salary slip. The verification team may view the document.',
    experience_letter:
      'WorkCred reads the text of your experience letter and compares your name and employer with your profile. The verification team may view the document.',
    salary_slip:
      'WorkCred reads the text of your salary slip and compares your name, UAN, employer and pay with your profile. The verification team may view the document.',
  } as Record<string, string>,

  // ── Flags in plain language: {expected} and {found} are filled in.
  rules: {
    phone_code: 'Mobile number confirmed by a one-time code',
    uan_provider: 'UAN checked with an EPFO records provider',
    uan_no_provider: 'Your UAN goes to our verification team',
    name: 'Your name appears on the document',
    uan: 'Your UAN appears on the salary slip',
    employer: 'Your employer appears on the document',
    net_pay: 'The net pay can be read on the salary slip',
    salary_credited: 'The salary slip’s net pay is credited in the bank statement',
    readable: 'The document’s text can be read',
  } as Record<string, string>,
  /** The same findings as the verification team reads them (the rules above speak to the candidate). */
  reviewerRules: {
    phone_code: 'Mobile number confirmed by a one-time code',
    uan_provider: 'UAN checked with an EPFO records provider',
    uan_no_provider: 'No UAN provider is configured',
    name: 'The candidate’s name appears on the document',
    uan: 'The candidate’s UAN appears on the salary slip',
    employer: 'The candidate’s employer appears on the document',
    net_pay: 'The net pay can be read on the salary slip',
    salary_credited: 'The salary slip’s net pay is credited in the bank statement',
    readable: 'The document’s text can be read',
  } as Record<string, string>,
  /** Notes for findings that carry no text of their own, by audience. */
  ruleNotes: {
    candidate: { uan_no_provider: 'The verification team checks your UAN by hand.' } as Record<string, string>,
    reviewer: {
      uan_no_provider: 'Nothing was looked up automatically (UAN_PROVIDER=none). This check awaits your manual review: confirm the UAN with the EPFO member records or the salary slip, then verify or reject it.',
    } as Record<string, string>,
  },
  outcomes: { match: 'Matches', mismatch: 'Does not match', missing: 'Not found', not_checked: 'Awaits manual review' } as Record<string, string>,
  providerNotFound: 'The provider has no record of this UAN.',
  providerMismatch: 'The provider’s record does not match your name.',
  phoneNotConfirmed: 'Your mobile number has not been confirmed with a one-time code yet.',
  unreadable: 'The file could not be read as text (it may be a scan or damaged).',
  noNetPay: 'No “Net pay” or “Net salary” amount was found.',
  noCredits: 'No credit entries were found.',

  // ── Server answers.
  candidatesOnly: 'Only candidates have verification checks.',
  notApplicable: 'There is nothing to verify for this yet: add it to your profile or upload the document first.',
  noActiveConsent: 'This check has no active consent from the candidate.',
  checkNotFound: 'Verification check not found.',
  documentNotFound: 'This check has no document to show.',
  reasonRequired: 'Give a reason when rejecting a check.',
  reasonTooLong: 'The reason can be at most 1000 characters.',
  tooManyConsents: 'Too many consent changes. Please wait a while and try again.',
  runFailed: 'The automatic check could not run now; it stays pending and the team will run it again.',

  // ── Candidate card.
  cardTitle: 'Verification',
  cardDescription: 'Each check runs only after you give consent. You can withdraw consent at any time.',
  loadFailed: 'Could not load your verification checks.',
  retry: 'Retry',
  noChecks: 'Nothing to verify yet.',
  decidedBy: 'Decided by {decider} on {date}',
  // Issue 33: the phone verified by the code at registration is a finished check.
  verifiedByCode: 'Verified by code sent to {phone}, {date}',
  noUanCheck: 'UAN (EPFO) employment check: needs your UAN. Add it to your profile when you have one; your other checks work without it.',
  giveConsent: 'Give consent and verify',
  consentTitle: 'Verify your {subject}',
  consentIntro: 'Before this check runs, please read what WorkCred will do:',
  consentConfirm: 'I agree, verify',
  cancel: 'Cancel',
  consentGiven: 'Consent given on {date}',
  revoke: 'Withdraw consent',
  revokeConfirm: 'Withdraw your consent? The check goes back to pending and will not run again until you agree again.',
  consentSaved: {
    verified: 'Thank you. Your {subject} is verified.',
    in_review: 'Thank you. Your {subject} has gone to our verification team for a closer look.',
    pending: 'Thank you. Your consent is saved; the {subject} check will run shortly.',
    rejected: 'Thank you. Your consent is saved.',
  } as Record<string, string>,
  consentRevoked: 'Consent withdrawn.',
  actionFailed: 'That did not work. Please try again.',
  flagsLabel: 'Findings',
  expected: 'Expected',
  found: 'Found',
  evidence: 'Evidence',
  reasonLabel: 'Reason',

  // ── Admin review queue.
  queueTitle: 'Review queue',
  filterLabel: 'Show',
  filters: { open: 'Open (pending and in review)', in_review: 'In review', pending: 'Pending', verified: 'Verified', rejected: 'Rejected' } as Record<string, string>,
  queueEmpty: 'No checks to show.',
  queueLoadFailed: 'Could not load the review queue.',
  colCandidate: 'Candidate',
  colCheck: 'Check',
  colStatus: 'Status',
  colFlags: 'Flags',
  colUpdated: 'Updated',
  flagCount: '{count} to review',
  allMatch: 'All match',
  open: 'Open',
  selectCheck: 'Choose a check to review it.',
  detailLoadFailed: 'Could not load this check.',
  documentTitle: 'Document',
  documentViewerLabel: '{subject} of {name}',
  openDocument: 'Open the PDF in a new tab',
  consentLabel: 'Consent',
  decidedByLabel: 'Decided by',
  consentActive: 'Given on {date}',
  consentNone: 'Not given',
  historyTitle: 'History',
  verify: 'Verify',
  reject: 'Reject',
  rejectReasonLabel: 'Reason for rejecting (shown to the candidate)',
  confirmReject: 'Reject the check',
  runAgain: 'Run again',
  decisionSaved: 'Decision saved.',
  rerunDone: 'The automatic check ran again.',
  previousPage: 'Previous',
  nextPage: 'Next',
  queuePages: 'Review queue pages',
  queuePageOf: 'Page {page}',
  back: 'Back to the queue',
  historyActions: {
    verification_consent_given: 'Consent given',
    verification_consent_revoked: 'Consent withdrawn',
    verification_check_run: 'Automatic check ran',
    verification_check_decided: 'Decided by the verification team',
    verification_check_reset: 'Document replaced; check back to pending',
  } as Record<string, string>,

  // ── Email to the candidate after a decision.
  decisionEmailSubject: 'Your {subject} check: {status}',
  decisionEmailVerified: 'Hello {name},\n\nThe WorkCred verification team has verified your {subject}.\n\nSee your checks: {url}\n',
  decisionEmailRejected:
    'Hello {name},\n\nThe WorkCred verification team could not verify your {subject}.\nReason: {reason}\n\nYou can upload a corrected document and give consent again: {url}\n',
} as const;
