import { z } from 'zod';
import { developersMessages as text } from '../messages/developers.ts';

/** What the public API's resources are; a key may read and/or write each (issue 16). */
export const apiResources = ['jobs', 'applications', 'candidates', 'interviews', 'employees'] as const;
export type ApiResource = (typeof apiResources)[number];
/** Candidates are read only: a company cannot change what a candidate entered. */
export const apiScopes = ['jobs:read', 'jobs:write', 'applications:read', 'applications:write', 'candidates:read', 'interviews:read', 'interviews:write', 'employees:read', 'employees:write'] as const;
export type ApiScope = (typeof apiScopes)[number];

/** The secret's shape: wc_live_ and 43 base64url characters (32 random bytes). */
export const API_KEY_PREFIX = 'wc_live_';
export const API_KEY_PATTERN = /^wc_live_[A-Za-z0-9_-]{43}$/;
/** The part of a key that lists show: the prefix and the secret's first 6 characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 100;

/** POST /api/developers/keys. The expiry is a date (YYYY-MM-DD, the key works to the end of that day in India). */
export const createApiKeySchema = z.strictObject({
  name: z
    .string(text.nameRequired)
    .trim()
    .min(1, text.nameRequired)
    .max(API_KEY_NAME_MAX, text.nameTooLong)
    .refine((value) => !/\p{Cc}/u.test(value), text.nameInvalid),
  scopes: z
    .array(z.enum(apiScopes, text.scopeUnknown), text.scopesRequired)
    .min(1, text.scopesRequired)
    .max(apiScopes.length)
    .transform((scopes) => apiScopes.filter((scope) => scopes.includes(scope))),
  expires_on: z
    .string(text.expiryInvalid)
    .regex(/^\d{4}-\d{2}-\d{2}$/, text.expiryInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), text.expiryInvalid)
    .nullish(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKeyValues = z.output<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** active, expired or revoked, as of the answer. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer to a new key: the secret, shown once and never again. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
