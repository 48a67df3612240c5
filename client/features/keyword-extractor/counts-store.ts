// Where the Keyword Extractor keeps its counts between Stop and Resume, and across a reload (issue 14: "the counts are
// kept with the saved state, so Resume continues counting instead of starting over"). IndexedDB, written by the Web
// Worker that counts, in one transaction per page: the counter's snapshot with the position it stands for
// (`checkpoint`) and the compact records of that page's products (`products:{page}`), so the snapshot, the position
// and the product list can never disagree. The small state in local storage is written after it (saved-state.ts).
import { z } from 'zod';

/** One product as the extractor remembers it to list the products of a keyword (product-records.ts). */
export interface ProductRecord {
  id: number;
  name: string;
  /** The title's runs of adjacent kept words (see product-records.ts). */
  title: string;
  /** The description's runs, cut to `MAX_DESCRIPTION_TEXT` characters. */
  description: string;
  /** The description's runs were cut. */
  isCut: boolean;
}

/** The position the counts stand for, and the counter's snapshot (common/keywords `toJSON()`). */
export interface CountsCheckpoint {
  version: 1;
  runId: string;
  /** The next page to read. */
  nextPage: number;
  processedProducts: number;
  countsFromPage: number;
  /** Pages whose product records are stored, in reading order. */
  pages: number[];
  /** Products read but not remembered for the listing (over `MAX_LISTED_PRODUCTS`). */
  unlisted: number;
  snapshot: unknown;
}

export interface SavedCounts {
  checkpoint: CountsCheckpoint;
  records: ProductRecord[];
}

export interface CountsStore {
  /** The saved counts, or null when there are none (or they cannot be read). */
  read(): Promise<SavedCounts | null>;
  /** Saves a page's records with the checkpoint after it, all or nothing. */
  write(checkpoint: CountsCheckpoint, page: number, records: ProductRecord[]): Promise<void>;
  /** Forgets everything (New, or a new Start). */
  clear(): Promise<void>;
}

const positive = z.number().int().min(1);
const checkpointSchema = z.object({
  version: z.literal(1),
  runId: z.string().min(1),
  nextPage: positive,
  processedProducts: z.number().int().min(0),
  countsFromPage: positive,
  pages: z.array(positive),
  unlisted: z.number().int().min(0),
  snapshot: z.unknown(),
});
const recordsSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    isCut: z.boolean(),
  }),
);

const CHECKPOINT_KEY = 'checkpoint';
const pageKey = (page: number) => `products:${page}`;

/** Reads what a key-value get gives back into saved counts; null when anything is missing or malformed. */
async function readSaved(get: (key: string) => Promise<unknown>): Promise<SavedCounts | null> {
  const checkpoint = checkpointSchema.safeParse(await get(CHECKPOINT_KEY));
  if (!checkpoint.success) return null;
  const records: ProductRecord[] = [];
  for (const page of checkpoint.data.pages) {
    const parsed = recordsSchema.safeParse(await get(pageKey(page)));
    if (!parsed.success) return null;
    records.push(...parsed.data);
  }
  return { checkpoint: checkpoint.data, records };
}

/** An in-memory store (unit tests; and the fallback where IndexedDB cannot be opened: counts last the page's life). */
export function createMemoryCountsStore(): CountsStore & { readonly entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    read: () => readSaved((key) => Promise.resolve(structuredClone(entries.get(key)))),
    write: (checkpoint, page, records) => {
      entries.set(pageKey(page), structuredClone(records));
      entries.set(CHECKPOINT_KEY, structuredClone(checkpoint));
      return Promise.resolve();
    },
    clear: () => {
      entries.clear();
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'bc-toolbox-keyword-extractor';
const OBJECT_STORE = 'counts';

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(OBJECT_STORE)) {
      request.result.createObjectStore(OBJECT_STORE);
    }
  };
  return requested(request);
}

/** The browser's store: one IndexedDB database with one object store of keys and values. */
export function createIndexedDbCountsStore(factory: IDBFactory = indexedDB): CountsStore {
  let database: Promise<IDBDatabase> | undefined;
  const db = () => (database ??= openDatabase(factory));
  return {
    read: async () => {
      const transaction = (await db()).transaction(OBJECT_STORE, 'readonly');
      const store = transaction.objectStore(OBJECT_STORE);
      return readSaved((key) => requested(store.get(key)));
    },
    write: async (checkpoint, page, records) => {
      const transaction = (await db()).transaction(OBJECT_STORE, 'readwrite');
      const store = transaction.objectStore(OBJECT_STORE);
      store.put(records, pageKey(page));
      store.put(checkpoint, CHECKPOINT_KEY);
      await committed(transaction);
    },
    clear: async () => {
      const transaction = (await db()).transaction(OBJECT_STORE, 'readwrite');
      transaction.objectStore(OBJECT_STORE).clear();
      await committed(transaction);
    },
  };
}
