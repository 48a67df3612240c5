import { attachWorker } from '../../lib/worker-rpc';
import { createKeywordClient, type KeywordClient } from './worker-rpc';

/** Starts the counting worker; `terminate` stops it and fails its open calls. */
export function startKeywordWorker(): KeywordClient & { terminate: () => void } {
  const worker = new Worker(new URL('./keyword-worker.ts', import.meta.url), { type: 'module' });
  return attachWorker(worker, createKeywordClient(worker));
}
