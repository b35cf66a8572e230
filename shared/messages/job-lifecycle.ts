/**
 * Editing, closing and reopening a job from its card in Jobs Management (issue 33, B3). A closed
 * job keeps its pipeline; its public page says it no longer takes applications (site.ts), and it
 * no longer counts against the plan's listings.
 */
export const jobLifecycleMessages = {
  edit: 'Edit',
  editJob: 'Edit {title}',
  editTitle: 'Edit job',
  editDescription: 'Changes show on the job’s public page at once.',
  save: 'Save changes',
  saving: 'Saving...',
  saved: 'Job updated',
  saveFailed: 'Failed to update job',
  nothingChanged: 'Nothing was changed.',
  closedExpiryHint: 'This job is closed. Reopen it from its card to take applications again.',

  close: 'Close',
  closeJob: 'Close {title}',
  closeTitle: 'Close this job?',
  closeDescription: '"{title}" stops taking applications at once and its public page says so. Its applications stay in the pipeline, and it no longer counts against your plan’s job listings. You can reopen it later.',
  closeConfirm: 'Close job',
  closing: 'Closing...',
  closedToast: 'Job closed. It no longer takes applications.',
  closeFailed: 'Failed to close job',

  reopen: 'Reopen',
  reopenJob: 'Reopen {title}',
  reopenTitle: 'Reopen this job?',
  reopenDescription: '"{title}" takes applications again, with no expiry date, and counts against your plan’s job listings.',
  reopenConfirm: 'Reopen job',
  reopening: 'Reopening...',
  reopenedToast: 'Job reopened. It takes applications again.',
  reopenFailed: 'Failed to reopen job',

  closedBadge: 'Closed',
  closedOn: 'Closed {date}',
  alreadyOpen: 'This job is already open',
} as const;
