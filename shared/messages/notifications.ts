/**
 * Notifications: the admin's Notifications tab, the header bell, banners and toasts (issue 6).
 * The spec gives only `sent` and `sendFailed` (point 8); the other texts are ours.
 * {count}, {max}, {name}… are filled in by the caller.
 */
export const notificationsMessages = {
  // Spec point 8.
  sent: 'Notification sent successfully!',
  sendFailed: 'Failed to send notification',

  // The admin's Notifications tab.
  composeTitle: 'Send a notification',
  composeDescription: 'Everyone in the group sees it within a second if they are online, or at their next visit.',
  titleLabel: 'Title',
  titlePlaceholder: 'Scheduled maintenance on Sunday',
  messageLabel: 'Message',
  messagePlaceholder: 'WorkCred will be unavailable from 2:00 to 3:00 AM IST.',
  recipientGroupLabel: 'Recipients',
  typeLabel: 'Type',
  groupLabels: { all: 'All users', employers: 'Employers', candidates: 'Candidates' },
  typeLabels: { toast: 'Toast', banner: 'Banner' },
  typeHints: { toast: 'Pops up in the corner once.', banner: 'Stays across the top until dismissed.' },
  send: 'Send',
  sending: 'Sending...',
  sentTo: 'Sent to {count} recipients.',
  sentToOne: 'Sent to 1 recipient.',
  charactersLeft: '{count} characters left',
  charactersLeftOne: '{count} character left',

  // Validation (the form and the server share these).
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  titleTooLong: 'Title must be at most {max} characters',
  messageTooLong: 'Message must be at most {max} characters',
  invalidCharacters: 'Remove control characters from the text',
  invalidGroup: 'Recipients must be all, employers or candidates',
  invalidType: 'Type must be toast or banner',
  invalidIds: 'Give the ids of notifications to mark (at most {max}) or all: true',
  invalidPage: 'The page is not valid',
  invalidCursor: 'The page is not valid: reload the list',

  // Recent sends.
  historyTitle: 'Recently sent',
  historyEmpty: 'No notifications sent yet.',
  historyFailed: 'Failed to load sent notifications',
  historyRecipients: '{count} recipients',
  historyRecipientsOne: '1 recipient',
  unknownSender: 'Deleted account',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: 'Page {page} of {pages}',
  retry: 'Retry',

  // The bell, banners and toasts.
  bellLabel: 'Notifications',
  bellLabelUnread: 'Notifications, {count} unread',
  listTitle: 'Notifications',
  listEmpty: 'You have no notifications.',
  listFailed: 'Failed to load notifications',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  newBadge: 'New',
  dismissBanner: 'Dismiss',
  bannerRegion: 'Announcements',
} as const;
