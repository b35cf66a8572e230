/** Settings → Your account (issue 13). */
export const accountMessages = {
  tabTitle: 'Your account',
  saving: 'Saving...',

  // Name
  nameHeading: 'Your name',
  nameIntro: 'How your colleagues and candidates see you on WorkCred.',
  nameLabel: 'Full name',
  nameRequired: 'Enter your full name.',
  nameTooLong: 'Use at most 100 characters.',
  nameInvalidCharacters: 'Remove control characters from your name.',
  nameSave: 'Save name',
  nameSaved: 'Your name was saved',

  // Email
  emailHeading: 'Email address',
  emailIntro: 'You sign in with this address and we send your notifications to it.',
  currentEmail: 'Current address: {email}',
  newEmailLabel: 'New work email',
  newEmailPlaceholder: 'name@yourcompany.com',
  emailInvalid: 'Enter a valid email address.',
  invalidWorkEmail: 'Enter a work email address (not Gmail, Yahoo, Hotmail or Outlook).',
  emailSame: 'This is already your email address.',
  emailTaken: 'Another WorkCred account already uses this address.',
  emailSubmit: 'Send confirmation link',
  emailSent: 'We sent a confirmation link to {email}',
  emailPending: 'Waiting for confirmation: we sent a link to {email}. It works once and expires {date}. Your address changes when you open it.',
  tooManyEmailChanges: 'You asked to change your email address too often. Please try again in an hour.',
  emailChangeSubject: 'Confirm your new email address for WorkCred',
  emailChangeNoticeSubject: 'Your WorkCred email address is being changed',
  passwordChangedSubject: 'Your WorkCred password was changed',

  // Password (for the email change and the password change)
  currentPasswordLabel: 'Current password',
  currentPasswordRequired: 'Enter your current password.',
  wrongPassword: 'The password is not correct.',
  noPassword: 'Your account has no password (you sign in with Google or an email code). Use "Forgot password?" on the sign-in page to set one first.',

  // Password change
  passwordHeading: 'Password',
  passwordIntro: 'Changing your password signs you out on every other device.',
  newPasswordLabel: 'New password',
  newPasswordHint: 'At least 8 characters. Avoid common passwords.',
  newPasswordTooShort: 'Use at least 8 characters.',
  newPasswordTooLong: 'Use at most 128 characters.',
  newPasswordSame: 'Choose a password different from your current one.',
  passwordSubmit: 'Change password',
  passwordChanged: 'Password changed. Your other sessions were signed out.',

  // Two-step verification
  twoStepHeading: 'Two-step verification',
  twoStepOn: 'On: we ask for a code from your phone when you sign in.',
  twoStepOff: 'Off: add an authenticator app or a mobile number for a stronger sign-in.',
  twoStepLink: 'Manage two-step verification',

  // Sessions
  sessionsHeading: 'Active sessions',
  sessionsIntro: 'Where you are signed in. Sign out any session you do not recognise.',
  deviceOn: '{browser} on {os}',
  unknownDevice: 'Unknown device',
  unknownBrowser: 'Browser',
  thisDevice: 'This device',
  lastSeen: 'Last active {date}',
  signedInAt: 'Signed in {date}',
  fromAddress: 'IP {ip}',
  signOutSession: 'Sign out',
  signOutSessionNamed: 'Sign out {device}, last active {date}',
  sessionSignedOut: 'Session signed out',
  signOutOthers: 'Sign out everywhere else',
  otherSignedOut: 'Signed out of 1 other session',
  othersSignedOut: 'Signed out of {count} other sessions',
  noOtherSessions: 'You are not signed in anywhere else.',
  sessionNotFound: 'This session has already ended.',
  cannotEndCurrent: 'This is the session you are using. Use Sign out in the menu instead.',

  // Confirming a new email address (/account/confirm-email#<token>)
  confirmTitle: 'Confirm your new email address',
  confirming: 'Confirming your new email address...',
  confirmInvalid: 'This link has expired or was already used',
  confirmInvalidHint: 'Ask for a new link from Settings → Your account.',
  confirmMissingToken: 'This link is incomplete. Open the link from the email again.',
  confirmDone: 'Your email address is now {email}',
  confirmDoneHint: 'Use it the next time you sign in. Your other sessions were signed out.',
  confirmContinueSignedIn: 'Back to Settings',
  confirmContinueSignIn: 'Sign in',
};
