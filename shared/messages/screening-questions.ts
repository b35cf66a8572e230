/**
 * Screening questions per job (issue 36 §1): asked on Apply, optionally knockout, shown in the
 * pipeline. The employer's editor, the candidate's form, the pipeline panel and the server's
 * refusals share these texts.
 */
export const screeningQuestionsMessages = {
  // The employer's editor (Create New Job and Edit).
  heading: 'Screening questions',
  hint: 'Asked when a candidate applies. A knockout answer moves the application to Rejected with the reason; the candidate is not told on the spot (the rejection email, if on, goes two days later).',
  add: 'Add question',
  remove: 'Remove question {number}',
  moveUp: 'Move question {number} up',
  questionLegend: 'Question {number}',
  kindLabel: 'Answer type',
  kindLabels: { yes_no: 'Yes / No', number: 'Number', short_text: 'Short text', choice: 'One of a list' },
  promptLabel: 'Question',
  requiredLabel: 'Required',
  optionsLabel: 'Choices, one per line',
  knockoutLabel: 'Knockout',
  knockoutYesNoLabel: 'Reject when the answer is',
  knockoutNone: 'Never (no knockout)',
  knockoutMinLabel: 'Reject below',
  knockoutMaxLabel: 'Reject above',
  knockoutChoicesLabel: 'Reject when they choose',
  limitReached: 'A job can ask at most {max} questions.',

  // Server and form refusals, each naming the problem.
  tooMany: 'A job can ask at most {max} screening questions.',
  kindInvalid: 'kind must be one of yes_no, number, short_text, choice',
  promptRequired: 'Write the question.',
  promptTooLong: 'A question can be at most {max} characters.',
  requiredInvalid: 'required must be true or false',
  optionsNeeded: 'A choice question needs at least 2 choices.',
  optionsTooMany: 'A choice question can have at most {max} choices.',
  optionBlank: 'A choice cannot be blank.',
  optionTooLong: 'A choice can be at most {max} characters.',
  optionsDuplicate: 'Each choice must be different.',
  knockoutAnswerInvalid: 'A yes/no knockout rejects either yes or no.',
  knockoutNumberNeeded: 'A number knockout needs a minimum, a maximum or both.',
  knockoutNumberInvalid: 'A knockout limit must be a number.',
  knockoutRangeReversed: 'The knockout minimum is above its maximum.',
  knockoutChoicesNeeded: 'Pick at least one choice that rejects.',
  knockoutChoicesAll: 'Every choice rejects: leave at least one that passes.',
  knockoutChoiceUnknown: 'A knockout choice must be one of the question’s choices.',
  oneLine: 'Questions and choices are one line of text, without control characters.',
  idDuplicate: 'Two questions have the same id.',

  // Apply.
  applyHeading: 'A few questions from {company}',
  applyHint: 'Answer these to apply. Questions marked * are required.',
  yes: 'Yes',
  no: 'No',
  choosePlaceholder: 'Choose one',
  answerRequired: 'Answer “{prompt}”.',
  answerYesNo: 'Answer “{prompt}” with yes or no.',
  answerNumber: 'Answer “{prompt}” with a number.',
  answerText: 'Answer “{prompt}” in at most {max} characters, without control characters.',
  answerChoice: 'Answer “{prompt}” with one of its choices.',
  answerUnknownQuestion: 'An answer names a question this job does not ask. Reload the page and apply again.',
  answerDuplicate: 'A question is answered twice.',

  // The pipeline.
  knockedOut: 'Knocked out',
  knockedOutTitle: 'A screening answer knocked this application out',
  answersHeading: 'Screening answers',
  notAnswered: 'Not answered',
  knockoutAnswer: 'Knockout answer',
  /** The reason recorded on the application (and its audit entry). */
  knockoutReason: 'Knocked out by a screening answer: “{answer}” to “{prompt}”',
} as const;
