/**
 * Issue 36 §3: the company's candidate email templates (Settings → Candidate emails), emailing a
 * candidate from the pipeline, and (§2) each member's choice of instant notices or a daily digest.
 */
export const candidateEmailsMessages = {
  // Settings → Candidate emails → Templates
  templatesHeading: 'Email templates',
  templatesIntro: 'Templates your team starts from when emailing a candidate from the pipeline. Merge fields are filled in for each candidate.',
  mergeFieldsHint: 'Merge fields: {fields}',
  noTemplates: 'No templates yet.',
  newTemplate: 'New template',
  editTemplate: 'Edit',
  deleteTemplate: 'Delete',
  deleteTemplateTitle: 'Delete the template "{name}"?',
  deleteTemplateBody: 'Emails already sent stay as they were.',
  templateNameLabel: 'Template name',
  templateSubjectLabel: 'Subject',
  templateBodyLabel: 'Message',
  templateStageLabel: 'Send automatically',
  templateStageNone: 'No, only from the pipeline',
  templateStageOption: 'Instead of the {stage} email',
  templateStageHint: 'A template tied to a stage replaces the email sent when an application moves to that stage.',
  templateSave: 'Save template',
  templateSaving: 'Saving…',
  templateCancel: 'Cancel',
  templateSaved: 'Template saved',
  templateDeleted: 'Template deleted',
  templateStageTag: 'Sent on {stage}',

  nameRequired: 'Give the template a name.',
  nameTaken: 'Another template already has this name.',
  stageTaken: 'Another template is already sent on this stage.',
  subjectRequired: 'Enter a subject.',
  bodyRequired: 'Enter a message.',
  tooLong: 'Use at most {max} characters.',
  invalidCharacters: 'Remove the control characters.',
  unknownMergeFields: 'Unknown merge field: {fields}. Use {known}.',
  templateNotFound: 'This template no longer exists.',
  tooManyTemplates: 'A company can keep at most {max} templates. Delete one first.',
  interviewTimeToConfirm: 'to be confirmed',

  // The pipeline's application panel → Email candidate
  emailCandidate: 'Email candidate',
  emailTitle: 'Email {name}',
  emailDescription: 'Sent from WorkCred with your company’s logo and colour. Replies go to your reply-to address.',
  templateLabel: 'Template',
  blankTemplate: 'Blank email',
  previewHeading: 'Preview',
  previewTo: 'To: {email}',
  send: 'Send email',
  sending: 'Sending…',
  sent: 'Email sent to {name}',
  noInterviewTime: 'This candidate has no upcoming interview, so {{interview_time}} cannot be filled in. Schedule one or remove the field.',
  tooManyEmails: 'You have sent many emails in the last hour. Try again later.',
  composeFailed: 'Could not prepare the email.',
  /** The plain-text part's last line, and the HTML's footer. */
  sentVia: 'Sent by {company} via WorkCred.',

  // §2: how a member hears of new applications (Settings → Account)
  noticesHeading: 'New applications',
  noticesIntro: 'How you hear of new applications to the jobs you work on.',
  noticesInstant: 'A notification for each application',
  noticesDaily: 'One daily digest (9 am)',
  noticesSaved: 'Saved',
  digestEmail: {
    subject: '{count} new applications since your last digest',
    subjectOne: '1 new application since your last digest',
    greeting: 'Hello {name},',
    lead: 'New applications to the jobs you work on at {company}:',
    line: '{candidate} applied for {title}',
    more: '…and {count} more.',
    footer: 'Open the pipeline: {url}',
  },
  digestNotice: {
    title: 'Your daily digest: {count} new applications',
    message: 'New applications since yesterday. Open the pipeline to review them.',
  },
} as const;
