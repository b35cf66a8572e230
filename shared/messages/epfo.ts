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
    kinds: { epfo_history: 'EPFO history', digilocker: 'DigiLocker' } as Record<string, string>,
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
  },
} as const;
