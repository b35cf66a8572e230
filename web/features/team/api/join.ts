import { acceptInviteResultSchema, invitePreviewSchema, type InvitePreview } from '@shared/schemas/team.ts';
import { z } from 'zod';
import { api } from '@web/lib/api-client.ts';

/** POST /api/invites/lookup: the token travels in the body, read from the link's #fragment. */
export const lookupInvite = (token: string): Promise<InvitePreview> => api('/api/invites/lookup', { method: 'POST', body: { token }, schema: invitePreviewSchema });

/** POST /api/invites/accept: a new person with a name and password, or the signed-in account as it is. */
export const acceptInvite = (body: { token: string; full_name?: string; password?: string }) => api('/api/invites/accept', { method: 'POST', body, schema: acceptInviteResultSchema });

export const requestNewInvite = (token: string) => api('/api/invites/request-new', { method: 'POST', body: { token }, schema: z.object({ requested: z.literal(true) }) });
