import {
  invitationAnswerResultSchema,
  invitationForCandidateSchema,
  type InvitationAnswerResult,
  type InvitationForCandidate,
} from '@shared/schemas/candidate-invitations.ts';
import { api, apiResponse } from '@web/lib/api-client.ts';

// The person's page (/confirm-application), without a session: the token is the credential.

/** POST /api/candidate-invitations/lookup: the token travels in the body, read from the link's #fragment. */
export const lookupInvitation = (token: string): Promise<InvitationForCandidate> =>
  api('/api/candidate-invitations/lookup', { method: 'POST', body: { token }, schema: invitationForCandidateSchema });

/** POST /api/candidate-invitations/answer: 409 when it was already answered or withdrawn. */
export const answerInvitation = (body: { token: string; answer: 'confirm' | 'decline'; keep_resume?: boolean }): Promise<InvitationAnswerResult> =>
  api('/api/candidate-invitations/answer', { method: 'POST', body, schema: invitationAnswerResultSchema });

/** POST /api/candidate-invitations/resume: the resume the company attached, as a file. */
export const fetchInvitationResume = async (token: string): Promise<Blob> =>
  (await apiResponse('/api/candidate-invitations/resume', { method: 'POST', body: { token } })).blob();
