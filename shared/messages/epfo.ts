/** EPFO employment history (issue 34): the candidate's card, the employer's panel, the team's queue. */
export const epfoMessages = {
  epfo: {
    /** Who answered, as people read it; stored lookups keep the provider's name, this its label. */
    providerLabels: { surepass: 'Surepass', hyperverge: 'HyperVerge', development: 'the development provider', digilocker: 'DigiLocker', 'digilocker-development': 'the development DigiLocker' } as Record<string, string>,
    verifyButton: 'Verify my employment with EPFO',
    refreshButton: 'Refresh from EPFO',
    consentTitle: 'Verify your employment with EPFO',
    /** The consent's purpose, stored with it: names the provider and what is sent. */
    purpose:
      'WorkCred sends your UAN to {provider}, a licensed provider of EPFO records, which returns the employers that paid your provident fund and their joining and exit dates. Nothing else is sent. WorkCred compares them with your name and the employers you list, keeps only what it concludes (never the provider’s answer), and shows the employers it confirms to the companies you apply to.',
    // Progress, live.
    asking: 'Asking EPFO records via {provider}…',
    retrying: '{provider} could not answer just now. We try again at {time}; you can leave this page.',
    gaveUp: 'EPFO records could not be reached for a day, so our verification team checks your UAN by hand.',
    // The result.
    foundTitle: 'Employers in EPFO records via {provider}, {date}',
    sourceLine: 'EPFO records via {provider}, {date}',
    months: '{from} – {to}',
    present: 'present',
    unknownDate: 'date not recorded',
    confirms: 'Confirms {claims}',
    notInEpfo: 'Not in EPFO records: {employer}',
    notFound: 'EPFO records via {provider} have no employment under this UAN. Check the UAN on your salary slip or the EPFO member portal; our verification team also looks.',
    nameNotMatched: 'The name on the EPFO record ({name}) is not a clear match for yours, so our verification team looks at it.',
    claimSources: {
      current_employer: 'your current employer',
      workcred_record: 'your WorkCred record',
      experience_letter: 'your experience letter',
      salary_slip: 'your salary slip',
    } as Record<string, string>,
    /** The same claims as an employer or the team reads them. */
    claimSourcesOthers: {
      current_employer: 'the current employer on the profile',
      workcred_record: 'a WorkCred employment record',
      experience_letter: 'the experience letter',
      salary_slip: 'the salary slip',
    } as Record<string, string>,
    flagTitles: {
      claimed_employer_not_in_epfo: 'Claimed employer not in EPFO records',
      dates_differ: 'Dates differ from EPFO records',
      dual_employment: 'Two employers paid PF for the same months',
      gap: 'Gap between employers (for information)',
      filings_stopped: 'PF filings stopped',
    } as Record<string, string>,
    refreshed: 'EPFO is being asked again; the result appears here in a moment.',
    // The portable record.
    recordTitle: 'Employment in EPFO records',
    // Employer side.
    mark: 'EPFO verified',
    markTitle: 'Employment confirmed by EPFO records via {provider}, {date}',
    panelTitle: 'EPFO employment history',
    panelNone: 'No EPFO history yet: the candidate has not verified their employment with EPFO.',
    // The platform admins' view of provider calls.
    callsTitle: 'Calls to EPFO providers and DigiLocker',
    callsDescription: 'The last 14 days, by day in India. Failures are calls that got no answer; "no record" is an answer.',
    callsEmpty: 'No calls yet.',
    callsLoadFailed: 'Could not load the provider calls.',
    colDay: 'Day',
    colProvider: 'Provider',
    colCalls: 'Calls',
    colFailures: 'Failures',
    colAverage: 'Average answer',
    averageMs: '{ms} ms',
    kinds: { epfo_history: 'EPFO history', epfo_passbook: 'EPFO passbook (OTP)', digilocker: 'DigiLocker' } as Record<string, string>,
    byCompanyTitle: 'This month, by who pays',
    workcredPays: 'Candidates on their own (WorkCred)',
    // An employer holding an old share asks for a fresh confirmation.
    refreshRequestButton: 'Ask for a fresh EPFO confirmation',
    refreshRequested: 'We asked {name} to refresh their EPFO confirmation.',
    refreshTooSoon: 'This record was shared {days} days ago; you can ask for a fresh EPFO confirmation once the share is 90 days old.',
    refreshAskedRecently: 'You asked for a fresh EPFO confirmation in the last 7 days.',
    refreshNoticeTitle: 'Refresh your EPFO confirmation',
    refreshNoticeMessage: '{company} asks you to refresh your EPFO employment confirmation, shared with them {days} days ago.',
    refreshEmailSubject: '{company} asks you to refresh your EPFO confirmation',
    refreshEmailText:
      'Hello {name},\n\n{company} holds the employment record you shared with them {days} days ago and asks you to confirm it with EPFO again. Open your dashboard and choose "Refresh from EPFO": {url}\n\nIf you would rather not, you can leave it as it is.\n\n— WorkCred',
    // Server answers.
    noProvider: 'EPFO lookups are not set up here; the verification team checks UANs by hand.',
    noConsent: 'Give consent to the EPFO check first.',
    alreadyAsking: 'EPFO is being asked already; the result appears in a moment.',
    tooManyRefreshes: 'Too many refreshes. Please wait a while and try again.',
    // The stronger option: a code EPFO texts to the member's registered mobile, then the passbook.
    otpButton: 'Verify with a code sent to my EPFO mobile',
    otpStronger: 'Stronger: EPFO texts a code to the mobile registered with your UAN, which shows the record is yours. Your passbook then gives each employer’s months.',
    otpConsentTitle: 'Verify with a code from EPFO',
    /** Stored with the consent (at most 500 characters with the longest provider label). */
    otpPurpose:
      'WorkCred sends your UAN to {provider}, a licensed provider of EPFO records, and EPFO texts a code to the mobile registered with your UAN. When you type it here, {provider} reads your EPFO passbook: the months each employer paid your provident fund. The code is not kept. WorkCred keeps only what it concludes (never the passbook) and shows the employers it confirms to the companies you apply to.',
    otpSending: 'Sending the code to your EPFO mobile…',
    otpSent: 'EPFO sent a code to {mobile}. It works until {time}.',
    otpSentNoMobile: 'EPFO sent a code to the mobile registered with your UAN. It works until {time}.',
    otpCodeLabel: 'Code from EPFO',
    otpCodeHint: 'The 6 digits in EPFO’s text message.',
    otpSubmit: 'Check the code',
    otpChecking: 'Checking the code…',
    otpReading: 'Reading your EPFO passbook via {provider}…',
    otpRetrying: '{provider} could not be reached just now; we try again at {time}.',
    otpWrongCode: 'EPFO did not accept the code. {tries} left, or send a new code.',
    otpTries: { one: '1 try', other: '{count} tries' } as Record<string, string>,
    otpNotChecked: 'EPFO could not check the code just now. Type it again, or send a new code.',
    otpCodeLost: 'Please type the code again.',
    otpResend: 'Send a new code',
    otpResendAt: 'You can ask for a new code at {time}.',
    otpCancel: 'Stop',
    otpStartAgain: 'Send a new code',
    otpUseUan: 'Verify with my UAN instead',
    otpEnded: {
      expired: 'The code expired before it was checked. Send a new code to try again.',
      too_many_wrong: 'EPFO did not accept the code three times, so this attempt ended. Send a new code to start again.',
      unavailable: 'EPFO could not be reached for the code just now. Try again in a few minutes, or verify with your UAN instead.',
      cancelled: 'You stopped verifying with a code.',
    } as Record<string, string>,
    otpStarted: 'EPFO is sending a code to your registered mobile.',
    otpResent: 'EPFO is sending a new code.',
    /** The SMS the development provider sends in place of EPFO's (UAN_PROVIDER=development only). */
    otpDevelopmentSms: '{code} is your EPFO passbook code (WorkCred development provider, not EPFO). It works for 10 minutes.',
    // What the passbook confirmed, wherever the history or the record shows it.
    passbookFoundTitle: 'Employers in the EPFO passbook via {provider}, confirmed by the member’s OTP, {date}',
    passbookSourceLine: 'EPFO passbook via {provider}, confirmed by the member’s OTP, {date}',
    // Server answers of the OTP flow.
    otpNotOffered: 'Verifying with a code from EPFO is not offered here; verify with your UAN instead.',
    otpNeedsUan: 'Add your UAN first: EPFO sends the code to the mobile registered with it.',
    otpCodeFormat: 'Enter the 6-digit code EPFO sent.',
    otpNoSession: 'No code is awaited. Send a new code to start again.',
    otpNotSentYet: 'The code is still being sent. Type it once it arrives.',
    otpBeingChecked: 'The code is being checked already.',
    otpExpired: 'The code has expired. Send a new code to try again.',
    otpResendTooSoon: 'You can ask for a new code in {seconds} seconds.',
    otpNoMoreResends: 'That was the last new code for this attempt. Stop and start again later if it does not arrive.',
    otpTooManyStarts: 'Too many codes asked for in the last hour. Please wait a while and try again.',
  },
} as const;
