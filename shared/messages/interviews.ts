/** Interviews: scheduling, invites, reminders and scorecards (issue 7 point 4). The spec shows no screens for these: the texts are ours. */
export const interviewsMessages = {} as const;
