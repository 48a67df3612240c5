// The Keyword Extractor's Web Worker (issue 14): counting runs here so the page stays responsive while a page of 250
// products is tokenised. Vite bundles it from `new Worker(new URL('./keyword-worker.ts', import.meta.url))`.
import { createIndexedDbCountsStore, createMemoryCountsStore, type CountsStore } from './counts-store';
import { KeywordSession } from './keyword-session';
import { serveKeywordSession } from './worker-rpc';

// Without IndexedDB (some private modes) the counts last as long as the page: Resume still continues within it.
const store: CountsStore =
  typeof indexedDB === 'undefined' ? createMemoryCountsStore() : createIndexedDbCountsStore();

serveKeywordSession(self, new KeywordSession(store));
