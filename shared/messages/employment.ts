/** Employees, employment records and the shared record (issue 7 points 5 and 6). The spec shows no screens for these: the texts are ours. */
export const employmentMessages = {} as const;
