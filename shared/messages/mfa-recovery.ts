/**
 * Recovery codes of two-step verification and the admin's reset of it (issue 33, A7). Our own
 * texts (the spec gives none). Part of `messages` as `mfaRecovery`; the sign-in step imports this
 * file alone so /auth stays light. {count}, {name}… are filled in by the caller.
 */
export const mfaRecoveryMessages = {
  // Server refusals
  invalidFormat: 'Enter a recovery code: 10 letters and digits, like abcde-12345.',
  wrongCode: 'That recovery code is not right. Check it and try again.',
  codeUsed: 'That recovery code has already been used. Each code works once: try another.',
  alreadyVerified: 'This session has already passed two-step verification.',
  notEnabled: 'Turn on two-step verification before creating recovery codes.',
  invalidReason: 'reason must be 5 to 500 characters saying why the reset was asked for',
  cannotResetOwn: 'You cannot reset your own two-step verification here: change it on your Security page.',
  nothingToReset: 'This user has not set up two-step verification.',

  // Emails
  usedSubject: 'A recovery code was used to sign in to your WorkCred account',
  usedBody:
    'A recovery code was just used instead of your second factor to sign in to your WorkCred account (from {ip}). You have {left} left. If it was you and you lost your phone, set up two-step verification again on your Security page and create new recovery codes. If it was not you, change your password at once and contact support.',
  resetSubject: 'Two-step verification of your WorkCred account was reset',
  resetBody:
    'A WorkCred administrator reset two-step verification on your account, as you asked. Your second factors and recovery codes were removed and you were signed out everywhere. Sign in with your password, then set up two-step verification again on your Security page. If you did not ask for this, change your password at once and contact support.',

  // /account/security
  heading: 'Recovery codes',
  description: 'If you lose your phone, a recovery code signs you in instead of a code from your second factor. Each code works once.',
  off: 'You get recovery codes when you turn on two-step verification.',
  remaining: '{count} of {total} recovery codes left.',
  remainingOne: '1 of {total} recovery codes left. Create new ones soon.',
  noneLeft: 'No recovery codes left. Create new ones now, or you may be locked out if you lose your phone.',
  loadFailed: 'Could not load your recovery codes. Please try again.',
  regenerate: 'Regenerate recovery codes',
  regenerateTitle: 'Create new recovery codes?',
  regenerateDescription: 'Your current recovery codes stop working at once and 10 new ones are shown. Confirm it is you below.',
  regenerateConfirm: 'Create new codes',
  showTitle: 'Save your recovery codes',
  showIntro:
    'Keep these codes somewhere safe, such as a password manager or a printed copy, apart from your phone. Each one signs you in once if you lose your phone. They are shown only now.',
  listLabel: 'Your recovery codes',
  copy: 'Copy codes',
  copied: 'Recovery codes copied.',
  copyFailed: 'Could not copy. Please select the codes and copy them yourself.',
  download: 'Download (.txt)',
  done: 'I have saved my codes',
  fileName: 'workcred-recovery-codes.txt',
  fileHeading: 'WorkCred recovery codes for {email}',
  fileNote: 'Each code signs you in once instead of a code from your second factor. Keep this file safe.',

  // The second step of sign-in
  useRecoveryCode: 'Use a recovery code',
  recoveryPrompt: 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.',
  recoveryLabel: 'Recovery code',
  recoveryPlaceholder: 'xxxxx-xxxxx',
  useFactorInstead: 'Use your phone instead',
  signedInLeft: 'Signed in with a recovery code. You have {count} left.',

  // Admin: Manage Users → Reset two-step verification
  adminReset: 'Reset two-step verification',
  adminResetTitle: 'Reset two-step verification?',
  adminResetDescription:
    '{name} ({email}) loses every second factor and recovery code, is signed out everywhere, and signs in with the password alone until they set up two-step verification again. We email them. Do this only once you are sure the request comes from the account owner.',
  adminReasonLabel: 'Reason (kept in the audit log)',
  adminReasonPlaceholder: 'e.g. Lost phone; identity confirmed by a call to the number on file',
  adminResetConfirm: 'Reset',
  adminResetting: 'Resetting...',
  adminResetDone: 'Two-step verification of {name} was reset and they were signed out.',
  adminResetFailed: 'Failed to reset two-step verification',
  adminMfaOn: '2-step on',
} as const;
