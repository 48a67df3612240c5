// Test helper (unit tests only): a stubbed `fetch` for the API calls of client/lib/api.ts, NDJSON streams included.
import { vi } from 'vitest';

/**
 * Stubs the global fetch: every call is answered with the given body (NDJSON chunks, split anywhere, or one JSON
 * text) and status. The calls made (url and init) are recorded in the returned list. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubFetchAnswer(chunks: string[], status = 200): Array<{ url: string; init: RequestInit }> {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    return Promise.resolve(new Response(body, { status }));
  });
  return calls;
}
