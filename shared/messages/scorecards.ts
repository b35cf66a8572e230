/**
 * Structured scorecards (issue 36 §4): a template of criteria per job, each rated 1 to 4, an overall
 * recommendation, others' scores hidden until one submits, and a reminder a day after the interview.
 * The spec shows no screens for these: the texts are ours. {placeholders} are filled by the caller.
 */
export const scorecardsMessages = {
  // What a job's template is when nobody has set one.
  defaultCriteria: [
    { name: 'Role skills', guidance: 'Can they do the work this job needs?' },
    { name: 'Communication', guidance: 'Clear, structured and a good listener?' },
    { name: 'Problem solving', guidance: 'How do they reason through something new?' },
    { name: 'Culture add', guidance: 'What would they bring to the team?' },
  ],
  ratingNames: { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Excellent' },
  recommendationNames: { strong_no: 'Strong no', no: 'No', yes: 'Yes', strong_yes: 'Strong yes' },

  // The Scorecard dialog on a job's card.
  templateButton: 'Scorecard',
  templateButtonFor: 'Scorecard template for {title}',
  templateTitle: 'Scorecard template',
  templateDescription: 'The criteria every interviewer of this job rates from 1 (poor) to 4 (excellent), in this order, with an overall recommendation.',
  templateDefaultNote: 'This job uses the default criteria until you save your own.',
  criterionName: 'Criterion {number}',
  criterionGuidance: 'Guidance for criterion {number} (optional)',
  guidancePlaceholder: 'What to look for',
  addCriterion: 'Add criterion',
  removeCriterion: 'Remove criterion {number}',
  moveUp: 'Move criterion {number} up',
  moveDown: 'Move criterion {number} down',
  templateSave: 'Save template',
  templateSaving: 'Saving…',
  templateSaved: 'Scorecard template saved.',
  templateSaveFailed: 'Could not save the scorecard template',
  templateLoadFailed: 'Could not load the scorecard template. Please try again.',
  cancel: 'Cancel',

  // The interviewer's form and the read-only cards.
  formDescription: 'Rate every criterion from 1 (poor) to 4 (excellent) and give your overall recommendation.',
  ratingFor: 'Rating for {name}',
  recommendationLabel: 'Overall recommendation',
  olderScorecard: 'No overall recommendation (an older scorecard)',
  averageRating: 'Average {average} / 4',
  hiddenUntilSubmitted: 'The other interviewers’ scores show once you submit your own scorecard.',
  whoSubmitted: 'Scorecards',
  submitted: 'Submitted',
  notSubmitted: 'Not submitted yet',

  // The summary on the application's panel in the pipeline.
  summaryTitle: 'Scorecards',
  summaryEmpty: 'No scorecards yet.',
  summaryHidden: 'Hidden until you submit yours',
  summaryLoadFailed: 'Could not load the scorecards.',
  summaryInterview: 'Interview on {time}',

  // Validation and refusals (the form and the server share these).
  templateCount: 'A scorecard has 1 to 10 criteria',
  criterionNameRequired: 'Name each criterion',
  criterionNameTooLong: 'At most 60 characters per criterion',
  guidanceTooLong: 'At most 300 characters of guidance per criterion',
  duplicateCriteria: 'Each criterion may appear once',
  invalidCharacters: 'Remove control characters',
  ratingsRequired: 'Rate every criterion from 1 to 4',
  ratingRange: 'Ratings go from 1 to 4',
  criterionMissing: 'Rate every criterion of this job’s scorecard: “{name}” has no rating',
  criterionUnknown: '“{name}” is not a criterion of this job’s scorecard',
  recommendationRequired: 'Choose an overall recommendation: strong no, no, yes or strong yes',
  notesTooLong: 'At most 5,000 characters',

  // The reminder a day after the interview, by email and in the app.
  reminderSubject: 'Your scorecard for {candidate} ({job}) is missing',
  reminderText: 'Hello {interviewer},\n\nYou interviewed {candidate} for {job} on {time}, and your scorecard is not in yet. Please rate the criteria and give your recommendation while the interview is fresh:\n\n{url}\n\nWorkCred',
  reminderNoticeTitle: 'Scorecard missing: {candidate}',
  reminderNoticeMessage: 'Your interview with {candidate} for {job} on {time} is waiting for your scorecard.',
} as const;
