/**
 * WhatsApp as a second channel (issue 36 §3): the candidate's opt-in control, the API's refusals,
 * and the words of the approved templates as registered with Meta (the development outbox shows
 * them filled in). Not in the spec. Imported directly by the features that use it.
 */
export const whatsappMessages = {
  title: 'Updates on WhatsApp',
  intro: 'Get a WhatsApp message from WorkCred when something happens to your applications, such as when an employer receives one. Email stays on either way.',
  toggle: 'Send me updates on WhatsApp',
  sendsTo: 'Messages go to your verified number {phone}.',
  optedInSince: 'On since {date}.',
  off: 'Off. You get email only.',
  needsVerifiedPhone: 'Verify your mobile number first: WhatsApp messages go only to a number you have confirmed with a code. Verify it from the Contact section of your dashboard.',
  phoneChanged: 'Your number has changed since you turned this on. Turn it on again to get messages on {phone}.',
  unavailable: 'WhatsApp updates are not offered right now. You still get every update by email.',
  optedIn: 'WhatsApp updates are on.',
  optedOut: 'WhatsApp updates are off. You can turn them on again at any time.',
  saveFailed: 'Your choice could not be saved. Try again.',
  loadFailed: 'Your WhatsApp choice could not be loaded.',
  candidatesOnly: 'Only candidates can choose WhatsApp updates.',
  consentPurpose: 'Send me updates about my applications on WhatsApp at {phone}.',
  webhookSignatureInvalid: 'The signature is missing or does not match.',
  webhookBodyInvalid: 'The body is not JSON.',
  templates: {
    // Registered with Meta as utility template "application_received" (English): {{1}} name, {{2}} job title, {{3}} company.
    application_received: 'Hello {name}, your application for {title} at {company} has been received. We will message you when it moves on. See it on your WorkCred dashboard.',
    // Registered with Meta as utility template "interview_times_offered" (English): {{1}} name, {{2}} company, {{3}} job title, {{4}} link.
    interview_times_offered: 'Hello {name}, {company} would like to interview you for {title}. Pick a time that suits you: {url}',
  },
} as const;
