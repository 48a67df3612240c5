import { z } from 'zod';
import { HEALTH_PATH, healthResponseSchema } from '../../../common/contracts/health';
import {
  TEST_CONNECTION_PATH,
  testConnectionResultSchema,
  type ConnectionCredentials,
  type TestConnectionResult,
} from '../../../common/contracts/stores';
import {
  DEMO_STORE_RESET_PATH,
  DEMO_STORES_PATH,
  demoStoreResetResponseSchema,
  demoStoresResponseSchema,
  type DemoStore,
} from '../../../common/contracts/demo-stores';
import { ApiError, apiPost, apiRequest } from '../../lib/api';

/** `POST /api/user/stores/test-connection`: the store's name and domain, or the reason in plain words. */
export async function testStoreConnection(credentials: ConnectionCredentials): Promise<TestConnectionResult> {
  try {
    return await apiPost(TEST_CONNECTION_PATH, credentials, testConnectionResultSchema);
  } catch (error) {
    // A 400 carries the same `{success:false, error}` shape.
    if (error instanceof ApiError) {
      const parsed = testConnectionResultSchema.safeParse(error.body);
      if (parsed.success) return parsed.data;
    }
    throw error;
  }
}

/** Whether the built-in sandbox answers (health's `components.sandbox`); a 503 health still carries the components. */
export async function fetchIsSandboxOn(): Promise<boolean> {
  let body: unknown;
  try {
    body = await apiRequest({ path: HEALTH_PATH, schema: z.unknown() });
  } catch (error) {
    if (!(error instanceof ApiError)) return false;
    body = error.body;
  }
  const parsed = healthResponseSchema.safeParse(body);
  return parsed.success && parsed.data.components.sandbox?.status === 'up';
}

/** `POST /api/demo-stores`: the caller's own demo stores (created in the sandbox on first use). */
export async function fetchDemoStores(): Promise<DemoStore[]> {
  return (await apiPost(DEMO_STORES_PATH, {}, demoStoresResponseSchema)).stores;
}

/** `POST /api/demo-stores/reset`: one of the caller's demo stores back to its original data. */
export async function resetDemoStore(store: { storeHash: string; apiToken: string }): Promise<string> {
  const body = { storeHash: store.storeHash, accessToken: store.apiToken };
  return (await apiPost(DEMO_STORE_RESET_PATH, body, demoStoreResetResponseSchema)).message;
}
