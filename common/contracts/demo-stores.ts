// Demo stores: each visitor's or user's own copies of the built-in sandbox stores (issue 9, point 2). The app signs
// a hash of its own for the caller; the sandbox creates the store from the seed on its first request.
import { z } from 'zod';

export const DEMO_STORES_PATH = '/api/demo-stores';
export const DEMO_STORE_RESET_PATH = '/api/demo-stores/reset';

/** A demo copy's hash: `sandbox-demo-…` (the full catalogue) or `sandbox-empty-…` (a target for imports). */
export const DEMO_COPY_HASH = /^sandbox-(demo|empty)-[a-z2-7]{16}$/;

export function isDemoCopyHash(hash: string): boolean {
  return DEMO_COPY_HASH.test(hash);
}

export const demoStoreSchema = z.object({
  name: z.string(),
  storeHash: z.string().regex(DEMO_COPY_HASH),
  accessToken: z.string(),
  clientId: z.string(),
});
export type DemoStore = z.infer<typeof demoStoreSchema>;

/** `POST /api/demo-stores`: a fresh pair for a visitor, the same pair every time for a signed-in user. */
export const demoStoresResponseSchema = z.object({ stores: z.array(demoStoreSchema) });

export const demoStoreResetRequestSchema = z.object({
  storeHash: z.string().max(100),
  accessToken: z.string().max(500),
});
export const demoStoreResetResponseSchema = z.object({ message: z.string() });

export const DEMO_STORE_RESET_MESSAGE = 'The demo store is back to its original data.';
