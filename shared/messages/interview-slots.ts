/**
 * Self-scheduling (issue 36 §4): the recruiter offers a few times, the candidate picks one from
 * the link in their email or WhatsApp. Not in the spec. Imported directly by the features that
 * use it.
 */
export const interviewSlotsMessages = {
  // The schedule dialog's second way.
  modeLegend: 'How to set the time',
  pickTime: 'Pick a time',
  offerTimes: 'Let the candidate pick',
  slotsLabel: 'Times to offer',
  slotsHint: 'All times are India Standard Time (IST). The candidate picks one from a link in their email; each time is checked against the interviewers’ calendars again when they pick.',
  slotDate: 'Date of time {number}',
  slotTime: 'Time {number}',
  addSlot: 'Add a time',
  removeSlot: 'Remove time {number}',
  send: 'Send times',
  sending: 'Sending...',
  sent: 'Times sent to {name}',
  sendFailed: 'The times could not be sent',

  // Problems with what was offered.
  slotsRequired: 'Add at least one time for the candidate to pick from.',
  tooManySlots: 'Offer at most 10 times.',
  duplicateSlot: 'The same time is offered twice.',
  slotInvalid: 'Enter each time as a date and a time.',
  slotInPast: 'Every time offered must be in the future.',
  alreadyOpen: 'This candidate already has times to pick from. Withdraw them before offering new ones.',
  slotConflicts: 'An interviewer is busy at a time you offered: {list}. Remove that time or pick other interviewers.',
  offerNotFound: 'These times were not found.',
  notOpen: 'These times have already been picked or withdrawn.',

  // On the application's panel.
  pendingTitle: 'Waiting for the candidate to pick a time',
  pendingDetail: 'Times offered (IST):',
  pendingUntil: 'The link works until {until}.',
  withdraw: 'Withdraw times',
  withdrawing: 'Withdrawing...',
  withdrawn: 'Times withdrawn',
  withdrawFailed: 'The times could not be withdrawn',

  // The candidate's page.
  pageTitle: 'Pick a time for your interview',
  intro: '{company} would like to interview you for {title}. Choose the time that suits you. All times are India Standard Time (IST).',
  howLong: '{minutes} minutes',
  modes: { video: 'Video call', phone: 'Phone call', in_person: 'In person' },
  chooseLegend: 'Available times',
  confirm: 'Book this time',
  booking: 'Booking...',
  bookedTitle: 'You’re booked',
  bookedBody: 'Your interview with {company} for {title} is on {time}. We have emailed you the invitation with a calendar file.',
  noneFree: 'None of the offered times is free any more. Ask {company} for new times.',
  expired: 'These times have passed. Ask {company} for new times.',
  withdrawnByCompany: '{company} has withdrawn these times. They will be in touch.',
  linkNotFound: 'This link is not valid. Check that you opened the whole link from your email.',
  taken: 'That time is no longer free. Please pick another.',
  notOffered: 'Pick one of the times offered.',
  applicationClosed: 'This application is closed, so no interview can be booked.',
  loadFailed: 'The times could not be loaded. Try again.',
  pickRequired: 'Choose a time first.',
  bookFailed: 'The time could not be booked',

  // The email with the link.
  email: {
    subject: 'Pick a time for your interview with {company}',
    text: 'Hello {name},\n\n{company} would like to interview you for {title} ({minutes} minutes, {mode}). Pick the time that suits you:\n{url}\n\nTimes offered (IST):\n{times}\n\nThe link works until the last of these times.',
  },
  // In-app notice to the recruiter who offered the times.
  pickedNoticeTitle: '{candidate} picked a time',
  pickedNoticeMessage: 'Interview for {title} on {time}.',
} as const;
