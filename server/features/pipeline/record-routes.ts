import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { candidateNotesMessages as text } from '../../../shared/messages/candidate-notes.ts';
import {
  addTagBodySchema,
  applicationNoteListSchema,
  applicationNoteSchema,
  candidateTagListSchema,
  companyTagListSchema,
  mentionableMemberListSchema,
  noteParamsSchema,
  tagParamsSchema,
  timelinePageSchema,
  timelineQuerySchema,
  writeNoteBodySchema,
} from '../../../shared/schemas/candidate-record.ts';
import { applicationIdParamsSchema } from '../../../shared/schemas/pipeline.ts';
import { sessionOf } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { openDocumentForViewer } from '../candidate-documents/document-access.ts';
import type { FeatureDeps } from '../feature-deps.ts';
import { memberScope } from '../team/member-scope.ts';
import { addNote, deleteNote, editNote, listNotes } from './application-notes.ts';
import { getApplicationTimeline } from './application-timeline.ts';
import { addCandidateTag, listCandidateTags, listCompanyTags, removeCandidateTag } from './candidate-tags.ts';
import { mentionableMembers } from './note-mentions.ts';
import { recordActor, recordApplication } from './record-scope.ts';

/**
 * The candidate's record in the pipeline (issue 36 §2): tags, private notes with @mentions, the
 * timeline and the resume inline. Every route is the company's members' (route-permissions.ts),
 * scoped by memberScope: another company's application is 404, an interviewer sees only their own
 * interviews' candidates, a candidate is refused (403).
 */
export async function candidateRecordRoutes(app: FastifyInstance, { database, storage }: FeatureDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const actor = (request: FastifyRequest) => recordActor(sessionOf(request), request.ip ?? null);

  api.get('/api/pipeline/tags', { config: { access: 'user' }, schema: { response: { 200: companyTagListSchema } } }, async (request) => listCompanyTags(db, memberScope(sessionOf(request))));

  api.get(
    '/api/pipeline/applications/:applicationId/tags',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: candidateTagListSchema } } },
    async (request) => listCandidateTags(db, memberScope(sessionOf(request)), request.params.applicationId),
  );

  api.post(
    '/api/pipeline/applications/:applicationId/tags',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, body: addTagBodySchema, response: { 200: candidateTagListSchema, 201: candidateTagListSchema } } },
    async (request, reply) => {
      const { tags, created } = await addCandidateTag(db, actor(request), request.params.applicationId, request.body.tag);
      return reply.code(created ? 201 : 200).send(tags);
    },
  );

  api.delete(
    '/api/pipeline/applications/:applicationId/tags/:tagId',
    { config: { access: 'user' }, schema: { params: tagParamsSchema, response: { 200: candidateTagListSchema } } },
    async (request) => removeCandidateTag(db, actor(request), request.params.applicationId, request.params.tagId),
  );

  api.get(
    '/api/pipeline/applications/:applicationId/notes',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: applicationNoteListSchema } } },
    async (request) => listNotes(db, actor(request), request.params.applicationId),
  );

  api.post(
    '/api/pipeline/applications/:applicationId/notes',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, body: writeNoteBodySchema, response: { 201: applicationNoteSchema } } },
    async (request, reply) => reply.code(201).send(await addNote(db, actor(request), request.params.applicationId, request.body.body)),
  );

  api.patch(
    '/api/pipeline/applications/:applicationId/notes/:noteId',
    { config: { access: 'user' }, schema: { params: noteParamsSchema, body: writeNoteBodySchema, response: { 200: applicationNoteSchema } } },
    async (request) => editNote(db, actor(request), request.params.applicationId, request.params.noteId, request.body.body),
  );

  api.delete(
    '/api/pipeline/applications/:applicationId/notes/:noteId',
    { config: { access: 'user' }, schema: { params: noteParamsSchema } },
    async (request, reply) => {
      await deleteNote(db, actor(request), request.params.applicationId, request.params.noteId);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/pipeline/applications/:applicationId/mentionable',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, response: { 200: mentionableMemberListSchema } } },
    async (request) => {
      const session = sessionOf(request);
      const application = await recordApplication(db, memberScope(session), request.params.applicationId);
      return mentionableMembers(db, application, session.userId);
    },
  );

  api.get(
    '/api/pipeline/applications/:applicationId/timeline',
    { config: { access: 'user' }, schema: { params: applicationIdParamsSchema, querystring: timelineQuerySchema, response: { 200: timelinePageSchema } } },
    async (request) => getApplicationTimeline(db, memberScope(sessionOf(request)), request.params.applicationId, request.query.cursor),
  );

  // The resume inline in the panel, sandboxed as the verification team's viewer is: shown by the
  // browser's PDF viewer, never run as a page of ours. The read is logged for the candidate as a download is.
  api.get('/api/pipeline/applications/:applicationId/resume', { config: { access: 'user' }, schema: { params: applicationIdParamsSchema } }, async (request, reply) => {
    const session = sessionOf(request);
    let file;
    try {
      const application = await recordApplication(db, memberScope(session), request.params.applicationId);
      const resume = await db.selectFrom('candidate_documents').select('id').where('candidate_id', '=', application.candidate_id).where('document_type', '=', 'resume').executeTakeFirst();
      if (!resume) throw notFound(text.noResume);
      file = await openDocumentForViewer({ db, storage, log: request.log, ip: request.ip ?? null }, session, resume.id);
    } catch (error) {
      // The panel frames this address: a refusal is shown in the frame as plain text, not blocked as a framed page of ours.
      if (!(error instanceof AppError)) throw error;
      return reply
        .code(error.statusCode)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .send(error.message);
    }
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', 'inline; filename="resume.pdf"')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "sandbox; default-src 'none'; frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .send(file.body);
  });
}
