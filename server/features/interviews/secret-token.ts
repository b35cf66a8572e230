import { createHash, randomBytes } from 'node:crypto';

/**
 * Secret links (calendar feeds, self-scheduling): 256 random bits as base64url (43 characters).
 * Only the SHA-256 is stored, so a leaked table opens nothing.
 */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');
export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');
