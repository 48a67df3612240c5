// Stores: the browser's list (local storage `bc-tools-stores`) and the per-user cloud list. Spec part 1 §3, §4, §7, §9.
import { z } from 'zod';
import type { TabId } from './tabs';
import { ACCESS_TOKEN_INVALID_MESSAGE, isValidAccessToken } from '../stores/access-token';
import { isValidStoreHash } from '../stores/store-hash';

export const STORES_LOCAL_STORAGE_KEY = 'bc-tools-stores';
export const USER_STORES_PATH = '/api/user/stores';
/** Spec part 1 §9: the sync chip shows ✓ for 2 s and ✗ for 3 s; add/edit/delete hold a write lock for 2 s. */
export const SYNC_SUCCESS_CHIP_MS = 2_000;
export const SYNC_ERROR_CHIP_MS = 3_000;
export const STORE_WRITE_LOCK_MS = 2_000;
/** A user's cloud list holds at most this many stores (a guard against abuse; far above real use). */
export const MAX_STORES_PER_USER = 200;

const requiredText = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const storeHashSchema = z
  .string({ message: 'Store Hash is required' })
  .trim()
  .min(1, 'Store Hash is required')
  .refine(isValidStoreHash, {
    message: 'Store Hash must be the lowercase letters and digits from the store’s API path',
  });

/** A token as BigCommerce issues it; anything else could not be sent in a header (common/stores/access-token.ts). */
const accessTokenSchema = requiredText('API Token', 500).refine(isValidAccessToken, {
  message: ACCESS_TOKEN_INVALID_MESSAGE,
});

/** The cloud record, as sent and received by `/api/user/stores` (the token travels as `accessToken`). */
export const cloudStoreSchema = z.object({
  id: requiredText('id', 100),
  name: requiredText('Store Name', 200),
  storeHash: storeHashSchema,
  accessToken: requiredText('API Token', 500),
  clientId: requiredText('Client ID', 500),
  createdAt: z.iso.datetime({ offset: true, message: 'createdAt must be an ISO date-time' }),
});
export type CloudStore = z.infer<typeof cloudStoreSchema>;

export const storeSourceSchema = z.enum(['local', 'cloud']);
export type StoreSource = z.infer<typeof storeSourceSchema>;

/** The browser's record (the token is kept as `apiToken`). */
export const localStoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  storeHash: z.string(),
  apiToken: z.string(),
  clientId: z.string(),
  createdAt: z.string(),
  source: storeSourceSchema.default('local'),
});
export type LocalStore = z.infer<typeof localStoreSchema>;

export const getUserStoresResponseSchema = z.object({ stores: z.array(cloudStoreSchema) });
/** `POST /api/user/stores`: replaces the user's whole cloud list (spec part 1 §7). */
export const saveUserStoresRequestSchema = z.object({
  stores: z
    .array(cloudStoreSchema)
    .max(MAX_STORES_PER_USER, `At most ${MAX_STORES_PER_USER} stores can be synced`),
});
/** The list as kept: one store per store hash (the first of each), in the order sent. */
export const saveUserStoresResponseSchema = z.object({
  success: z.literal(true),
  stores: z.array(cloudStoreSchema),
});

/** What a tool call carries (spec part 1 §7 `storeCredentials`, and `store` for the imports). */
export const storeCredentialsSchema = z.object({
  storeHash: storeHashSchema,
  accessToken: accessTokenSchema,
  clientId: z.string().optional(),
  name: z.string().optional(),
  id: z.string().optional(),
});
export type StoreCredentials = z.infer<typeof storeCredentialsSchema>;

/**
 * `POST /api/user/stores/test-connection` (public: visitors test too). The server calls BigCommerce's `GET /v2/store`
 * with the credentials. Body `{storeHash, accessToken}` or `{storeCredentials}`. Answers 200 `{success:true, data}`,
 * or 200 `{success:false, error, code}` when the store refuses (wrong token, missing scope, unknown hash: a result of
 * the test, not a server failure); 400 `{success:false, error, code}` when the body itself is not valid.
 */
export const TEST_CONNECTION_PATH = '/api/user/stores/test-connection';

export const connectionCredentialsSchema = z.object({
  storeHash: storeHashSchema,
  accessToken: accessTokenSchema,
});
export type ConnectionCredentials = z.infer<typeof connectionCredentialsSchema>;

/** `{storeHash, accessToken}`, or the same inside `storeCredentials` (extra store fields are ignored). */
export const testConnectionRequestSchema = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && 'storeCredentials' in body ? body.storeCredentials : body,
  connectionCredentialsSchema,
);
export type TestConnectionRequest = z.input<typeof testConnectionRequestSchema>;

/**
 * The API scopes the tools need (issue 11, point 7), in the order Test Connection lists them: Information & Settings
 * read for the connection test, Products modify, Content modify, Channels read. `tools` names the tab ids that need
 * the scope.
 */
export const API_SCOPES = [
  { scope: 'information', access: 'read-only', tools: ['stores'] },
  {
    scope: 'products',
    access: 'modify',
    tools: [
      'dump-product',
      'dump-categories',
      'import-product',
      'copy-description',
      'reset-page-title',
      'spreadsheet-edit',
      'keyword-extractor',
      'store-history',
    ],
  },
  { scope: 'content', access: 'modify', tools: ['dump-widgets', 'import-widgets', 'store-history'] },
  {
    scope: 'channels',
    access: 'read-only',
    tools: ['dump-widgets', 'import-widgets', 'dump-product', 'store-history'],
  },
] as const satisfies ReadonlyArray<{
  scope: string;
  access: 'read-only' | 'modify';
  tools: readonly TabId[];
}>;
export type ApiScope = (typeof API_SCOPES)[number]['scope'];

/** Whether the token has a scope: true, false (BigCommerce answered 403 for it), or null (could not tell). */
export const scopeCheckSchema = z.object({
  scope: z.enum(['information', 'products', 'content', 'channels']),
  access: z.enum(['read-only', 'modify']),
  granted: z.boolean().nullable(),
});
export type ScopeCheck = z.infer<typeof scopeCheckSchema>;

export const testConnectionResultSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    data: z.object({
      name: z.string(),
      domain: z.string(),
      secureUrl: z.string(),
      scopes: z.array(scopeCheckSchema),
    }),
  }),
  z.object({ success: z.literal(false), error: z.string(), code: z.string() }),
]);
export type TestConnectionResult = z.infer<typeof testConnectionResultSchema>;
