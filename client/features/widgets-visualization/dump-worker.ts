// The visualization's Web Worker: reads, validates and holds the dumps off the main thread (see dump-session.ts).
// Vite bundles it from `new Worker(new URL('./dump-worker.ts', import.meta.url))`.
import { serveDumpSession } from './dump-rpc';
import { DumpSession } from './dump-session';

serveDumpSession(self, new DumpSession());
