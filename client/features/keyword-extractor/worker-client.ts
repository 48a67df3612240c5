import { createKeywordClient, type KeywordClient } from './worker-rpc';

/** Starts the counting worker; `terminate` stops it and fails its open calls. */
export function startKeywordWorker(): KeywordClient & { terminate: () => void } {
  const worker = new Worker(new URL('./keyword-worker.ts', import.meta.url), { type: 'module' });
  const client = createKeywordClient(worker);
  // A worker that cannot load or crashes answers nothing more: its open calls fail instead of waiting forever.
  worker.addEventListener('error', () => client.close());
  return {
    call: (request) => client.call(request),
    close: () => client.close(),
    terminate: () => {
      worker.terminate();
      client.close();
    },
  };
}
