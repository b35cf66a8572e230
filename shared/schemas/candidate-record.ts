import { z } from 'zod';
import { fill } from '../fill.ts';
import { candidateNotesMessages as text } from '../messages/candidate-notes.ts';
import { mentionsIn, plainNoteText } from '../note-mentions.ts';

/**
 * The candidate's record in the pipeline (issue 36 §2): tags, private notes with @mentions, the
 * timeline and the resume shown inline.
 *
 *   GET    /api/pipeline/tags                                          member → CompanyTag[] (the company's tags, most used first)
 *   GET    /api/pipeline/applications/:applicationId/tags              member → CandidateTag[]
 *   POST   /api/pipeline/applications/:applicationId/tags              pipeline.move {tag} → 201 CandidateTag[] (200 when already there)
 *   DELETE /api/pipeline/applications/:applicationId/tags/:tagId       pipeline.move → CandidateTag[]
 *   GET    /api/pipeline/applications/:applicationId/notes             member → ApplicationNote[]
 *   POST   /api/pipeline/applications/:applicationId/notes             member {body} → 201 ApplicationNote
 *   PATCH  /api/pipeline/applications/:applicationId/notes/:noteId     the author {body} → ApplicationNote
 *   DELETE /api/pipeline/applications/:applicationId/notes/:noteId     the author, an owner or admin → 204
 *   GET    /api/pipeline/applications/:applicationId/mentionable       member → MentionableMember[]
 *   GET    /api/pipeline/applications/:applicationId/timeline          member ?cursor= → TimelinePage
 *   GET    /api/pipeline/applications/:applicationId/resume            member → the resume PDF, inline and sandboxed
 *
 * "member": the company's members who may see the application (an interviewer only their own
 * interviews' candidates); anyone else's application is 404, a candidate 403.
 */
export const CANDIDATE_RECORD_LIMITS = { tag: 40, tagsPerCandidate: 20, companyTags: 100, note: 4000, mentions: 20, notesListed: 100, timelinePage: 30 } as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const TAG_CHARACTERS = /^[\p{L}\p{M}\p{N} \-_/&+.#]+$/u;

/** A tag as stored: trimmed, inner spaces collapsed, NFC; compared without case. */
export const normaliseTag = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ');

export const tagLabelSchema = z
  .string(text.tagRequired)
  .transform(normaliseTag)
  .pipe(
    z
      .string()
      .min(1, text.tagRequired)
      .max(CANDIDATE_RECORD_LIMITS.tag, fill(text.tagTooLong, { max: CANDIDATE_RECORD_LIMITS.tag }))
      .regex(TAG_CHARACTERS, text.tagInvalid),
  );

export const addTagBodySchema = z.strictObject({ tag: tagLabelSchema });
export type AddTagBody = z.input<typeof addTagBodySchema>;
export const tagParamsSchema = z.strictObject({ applicationId: z.uuid('applicationId must be an application id'), tagId: z.uuid('tagId must be a tag id') });

export const candidateTagSchema = z.object({ id: z.string(), label: z.string() });
export type CandidateTag = z.infer<typeof candidateTagSchema>;
export const candidateTagListSchema = z.array(candidateTagSchema);
export const companyTagSchema = z.object({ label: z.string(), candidates: z.number().int() });
export type CompanyTag = z.infer<typeof companyTagSchema>;
export const companyTagListSchema = z.array(companyTagSchema);

/** A note's body: at most CANDIDATE_RECORD_LIMITS.note characters as read (mentions as @Name), and as many mentions. */
export const noteBodySchema = z
  .string(text.noteRequired)
  .trim()
  .min(1, text.noteRequired)
  .refine((body) => !CONTROL.test(body), text.noteInvalidCharacters)
  .refine((body) => plainNoteText(body).trim().length > 0, text.noteRequired)
  .refine((body) => plainNoteText(body).length <= CANDIDATE_RECORD_LIMITS.note, fill(text.noteTooLong, { max: CANDIDATE_RECORD_LIMITS.note }))
  .refine((body) => mentionsIn(body).length <= CANDIDATE_RECORD_LIMITS.mentions, fill(text.tooManyMentions, { max: CANDIDATE_RECORD_LIMITS.mentions }))
  // The stored cap (migration 0064): the visible text plus twenty tokens' ids and brackets.
  .refine((body) => body.length <= 6000, fill(text.noteTooLong, { max: CANDIDATE_RECORD_LIMITS.note }));
export const writeNoteBodySchema = z.strictObject({ body: noteBodySchema });
export type WriteNoteBody = z.input<typeof writeNoteBodySchema>;
export const noteParamsSchema = z.strictObject({ applicationId: z.uuid('applicationId must be an application id'), noteId: z.uuid('noteId must be a note id') });

export const applicationNoteSchema = z.object({
  id: z.string(),
  /** With its mentions as @[Name](user id): see shared/note-mentions.ts. */
  body: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  mentions: z.array(z.object({ user_id: z.string(), name: z.string() })),
  created_at: z.string().meta({ format: 'date-time' }),
  edited_at: z.string().meta({ format: 'date-time' }).nullable(),
  /** What the caller may do with it: edit (its author), delete (its author, an owner or admin). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;
export const applicationNoteListSchema = z.array(applicationNoteSchema);

export const mentionableMemberSchema = z.object({ id: z.string(), name: z.string(), company_role: z.string() });
export type MentionableMember = z.infer<typeof mentionableMemberSchema>;
export const mentionableMemberListSchema = z.array(mentionableMemberSchema);

export const timelineQuerySchema = z.strictObject({ cursor: z.string().max(200, text.invalidCursor).optional() });

export const timelineEntrySchema = z.object({
  id: z.string(),
  /** The audit action (application_stage_changed, interview_scheduled…), for an icon or a filter. */
  action: z.string(),
  /** What happened, in words (shared/messages/candidate-timeline.ts). */
  text: z.string(),
  actor_name: z.string().nullable(),
  at: z.string().meta({ format: 'date-time' }),
  /** A note's body as it is now (null once deleted), on the note's entries. */
  note: z.object({ id: z.string(), body: z.string().nullable() }).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
export const timelinePageSchema = z.object({ items: z.array(timelineEntrySchema), next_cursor: z.string().nullable() });
export type TimelinePage = z.infer<typeof timelinePageSchema>;
