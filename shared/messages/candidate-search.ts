/** Handpick: candidate search, saved searches and the career profile (issue 7 point 3). The spec shows no screens for these: the texts are ours. */
export const candidateSearchMessages = {} as const;
