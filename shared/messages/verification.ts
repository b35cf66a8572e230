/** Verification checks, consents and the review queue (issue 7 point 2). The spec shows no screens for these: the texts are ours. */
export const verificationMessages = {
  adminTab: 'Verification',
} as const;
