/**
 * What the application's timeline says for each audit action (issue 36 §2). Placeholders the
 * server fills from the entry's details: {from} and {to} (stage names), {when} (a time in IST),
 * {subject} (a check's name), {status} (a check's outcome), {tag}, {name}. An action not listed
 * here reads as its own words ("offer_sent" → "Offer sent"), so a feature's new entries show
 * before a label is written for them.
 */
export const candidateTimelineMessages = {
  actions: {
    application_received: 'Applied',
    candidate_invitation_confirmed: 'Confirmed after being added by the team',
    application_stage_changed: 'Moved from {from} to {to}',
    application_withdrawn: 'Withdrew the application',
    interview_scheduled: 'Interview scheduled for {when}',
    interview_rescheduled: 'Interview moved to {when}',
    interview_cancelled: 'Interview of {when} cancelled',
    interview_no_show: 'Did not attend the interview of {when}',
    interview_no_show_undone: 'No-show mark removed from the interview of {when}',
    interview_scorecard_submitted: 'Scorecard submitted',
    interview_scorecard_updated: 'Scorecard updated',
    check_requested: '{subject} check requested',
    verification_check_run: '{subject} check: {status}',
    verification_check_decided: '{subject} check: {status}',
    epfo_refresh_requested: 'EPFO history refresh requested',
    candidate_tag_added: 'Tagged {tag}',
    candidate_tag_removed: 'Tag {tag} removed',
    application_note_added: 'Added a note',
    application_note_edited: 'Edited a note',
    application_note_deleted: 'Deleted a note',
    application_knocked_out: 'Knocked out by a screening answer',
    interview_times_offered: 'Offered interview times to pick from',
    interview_times_withdrawn: 'Withdrew the offered interview times',
    interview_time_picked: 'Picked an interview time',
    interview_scorecard_reminder_sent: 'Reminded an interviewer of their scorecard',
    candidate_emailed: 'Emailed the candidate',
    offer_created: 'Offer drafted',
    offer_updated: 'Offer changed',
    offer_submitted: 'Offer sent for approval',
    offer_approved: 'Offer approved',
    offer_sent: 'Offer sent to the candidate',
    offer_accepted: 'Offer accepted',
    offer_declined: 'Offer declined',
    offer_withdrawn: 'Offer withdrawn',
    offer_expired: 'Offer expired',
  } as Record<string, string>,
  /** The system acted (a provider, a scheduled job): no person's name. */
  system: 'WorkCred',
  /** Someone whose account is gone. */
  formerMember: 'A former member',
} as const;
