// Personal access tokens (issue 33): what a signed-in user creates in Profile Settings for an AI agent's MCP client.
// Names the outside world relies on: `POST /api/access-tokens` {name, scope ('read' or 'write'), expiresInDays?} →
// `{id, token}` (the token shown once), `GET /api/access-tokens`, `DELETE /api/access-tokens/{id}`.
import { z } from 'zod';

export const ACCESS_TOKENS_PATH = '/api/access-tokens';
export const ACCESS_TOKEN_PATH = `${ACCESS_TOKENS_PATH}/:id`;
export const accessTokenPath = (id: string) => `${ACCESS_TOKENS_PATH}/${encodeURIComponent(id)}`;

/** `read`: the read tools only; `write`: also the writes (each previewed and confirmed). */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];
/** Every token starts so: a secret scanner (and a person) knows what it is. */
export const ACCESS_TOKEN_PREFIX = 'bct_';
/** Live (unexpired) tokens a user may hold at once. */
export const MAX_ACCESS_TOKENS_PER_USER = 20;
export const DEFAULT_ACCESS_TOKEN_DAYS = 30;
export const MAX_ACCESS_TOKEN_DAYS = 365;
export const MAX_ACCESS_TOKEN_NAME_LENGTH = 100;

export const createAccessTokenRequestSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_ACCESS_TOKEN_NAME_LENGTH, `Name must be at most ${MAX_ACCESS_TOKEN_NAME_LENGTH} characters`),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { message: "Scope must be 'read' or 'write'" }),
  expiresInDays: z
    .number({ message: 'expiresInDays must be a whole number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'expiresInDays must be at least 1')
    .max(MAX_ACCESS_TOKEN_DAYS, `expiresInDays must be at most ${MAX_ACCESS_TOKEN_DAYS}`)
    .optional(),
});
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequestSchema>;

export const createAccessTokenResponseSchema = z.object({ id: z.string(), token: z.string() });
export type CreateAccessTokenResponse = z.infer<typeof createAccessTokenResponseSchema>;

/** A token as its owner sees it again: never the secret. */
export const accessTokenSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessTokenSummary = z.infer<typeof accessTokenSummarySchema>;

export const listAccessTokensResponseSchema = z.object({ tokens: z.array(accessTokenSummarySchema) });
export const deleteAccessTokenResponseSchema = z.object({ success: z.literal(true) });
