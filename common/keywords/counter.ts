// The keyword extractor's counter (spec part 2 §3 "Keyword entry", §9): title and description counts of every 1-, 2-
// and 3-word keyword of the products added, the top 30 per size, and a snapshot to save and resume.
//
// Counting is per occurrence: a keyword twice in one description adds 2 to its description count, and a product
// adds to both counts when the keyword is in its name and its description. §3 names the fields "titleCount" and
// "descriptionCount", counts of the word in titles and descriptions, and the score weighs a title occurrence like
// 10,000 description ones; counting products would make the weight meaningless past 10,000 products. It also makes
// the tables easy to check: the 1-word counts of a product add up to its number of kept tokens.
//
// The name is plain text (entities decoded, `<` is just a character); the description is HTML (`tokenise.ts`).
//
// Speed: a word is looked up once in a `Map<string, id>`; 2-word keywords are keyed by (word id, word id) and 3-word
// keywords by (2-word id, word id) in integer hash indexes, so counting a phrase builds no string. Counts live in
// typed arrays by id.
//
// Memory: at most `maxKeywordsPerSize` (default 200,000) distinct keywords per size, checked after each run of
// adjacent words. Past it, the size keeps its best `PRUNE_KEEP_RATIO` (3/4) in rank order and drops the rest; a
// dropped keyword seen again starts from 0. The tables are exact until a size first reaches the cap; after that a
// keyword in the top 30 would have to fall into the rarest quarter to be affected. A dropped keyword keeps its id
// (with zero counts) until the ids of its size have doubled since the last renumbering; then every table is rebuilt
// with only the live keywords and the words and 2-word ids that kept longer keywords are made of. So the tables
// stay within a small multiple of the cap: 600,000 distinct words through the default cap end at about 65 MB of
// heap in Node, test data included.
//
// Resume: `toJSON()` gives plain data (keyword strings and counts; IndexedDB stores it as is), and
// `keywordCounterFromJSON` rebuilds a counter that goes on exactly as the saved one would have: every decision
// (rank, pruning) depends on counts and keyword strings only, never on insertion order.
import { z } from 'zod';
import { keywordsCsv } from './csv';
import { grow, PairIndex } from './pair-index';
import {
  keywordScore,
  MAX_KEYWORDS_PER_SIZE,
  PRUNE_KEEP_RATIO,
  SCORE_TITLE_WEIGHT,
  type KeywordEntry,
} from './score';
import { STOP_PHRASES } from './stop-words';
import { containsStopPhrase, KeywordScanner, ownString, type KeywordSize } from './tokenise';

/**
 * Changes whenever the tokenising rules or the stop-word lists change, so that counts saved under other rules are
 * not mixed with new ones.
 */
export const KEYWORD_RULES_VERSION = 'kw-1:stopwords-iso@1.1.0';

export type KeywordProduct = { name: string; description?: string | null };

const keywordTupleSchema = z.tuple([
  z.string().min(1),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
]);

/** What `toJSON()` gives: `keywords[size - 1]` lists `[keyword, titleCount, descriptionCount]`. */
export const keywordSnapshotSchema = z.object({
  version: z.literal(1),
  rules: z.string(),
  products: z.number().int().nonnegative(),
  maxKeywordsPerSize: z.number().int().positive(),
  keywords: z.tuple([z.array(keywordTupleSchema), z.array(keywordTupleSchema), z.array(keywordTupleSchema)]),
});
export type KeywordSnapshot = z.infer<typeof keywordSnapshotSchema>;

/** `keywordSnapshotSchema` with the keyword lists checked by a loop: zod takes about a second on 600,000 tuples. */
const snapshotEnvelopeSchema = keywordSnapshotSchema.extend({
  keywords: z.tuple([z.array(z.unknown()), z.array(z.unknown()), z.array(z.unknown())]),
});

function isKeywordTuple(value: unknown): value is [string, number, number] {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === 'string' &&
    value[0] !== '' &&
    Number.isSafeInteger(value[1]) &&
    (value[1] as number) >= 0 &&
    Number.isSafeInteger(value[2]) &&
    (value[2] as number) >= 0
  );
}

function parseSnapshot(data: unknown): KeywordSnapshot {
  const parsed = snapshotEnvelopeSchema.safeParse(data);
  if (!parsed.success) throw new KeywordSnapshotError(`Not a keyword snapshot: ${parsed.error.message}`);
  for (const list of parsed.data.keywords) {
    for (const tuple of list) {
      if (!isKeywordTuple(tuple)) {
        throw new KeywordSnapshotError(
          `Not a keyword snapshot: bad entry ${String(JSON.stringify(tuple)).slice(0, 100)}`,
        );
      }
    }
  }
  return parsed.data as KeywordSnapshot;
}

export type KeywordCounterOptions = { maxKeywordsPerSize?: number };

export type KeywordCounter = {
  /** Counts the keywords of one product: its name as title, its description (HTML) as description. */
  addProduct(product: KeywordProduct): void;
  /** The best `n` keywords of a size in rank order (score, then keyword). */
  top(n: number, size: KeywordSize): KeywordEntry[];
  /** Every keyword of a size in rank order. */
  entries(size: KeywordSize): KeywordEntry[];
  /**
   * The CSV of a size (`keyword,score`, RFC 4180, no byte order mark): every keyword in rank order, or the best
   * `limit`. The file to download is `keywordsCsvFile`.
   */
  toCsv(size: KeywordSize, limit?: number): string;
  /** Products added so far (also across a resume). */
  readonly products: number;
  /** Distinct keywords of a size. */
  distinct(size: KeywordSize): number;
  toJSON(): KeywordSnapshot;
};

/** First words of the stop-phrases: only a phrase that starts with one needs its string checked. */
const STOP_PHRASE_HEADS = new Set([...STOP_PHRASES].map((phrase) => phrase.slice(0, phrase.indexOf(' '))));

const TITLE = 0;
const DESCRIPTION = 1;

/** Counts per id of one size. An id with both counts 0 is not a keyword (only a piece of a longer one). */
type Counts = { title: Float64Array; description: Float64Array; live: number };

function newCounts(capacity: number): Counts {
  return { title: new Float64Array(capacity), description: new Float64Array(capacity), live: 0 };
}

function ensure(counts: Counts, id: number): void {
  if (id >= counts.title.length) {
    counts.title = grow(counts.title, id + 1);
    counts.description = grow(counts.description, id + 1);
  }
}

function bump(counts: Counts, id: number, field: number): void {
  const title = counts.title;
  const description = counts.description;
  if (title[id] === 0 && description[id] === 0) counts.live++;
  if (field === TITLE) title[id]! += 1;
  else description[id]! += 1;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

class Counter implements KeywordCounter {
  private readonly cap: number;
  private readonly keep: number;
  products = 0;
  // The dictionary: word <-> id.
  private wordIds = new Map<string, number>();
  private words: string[] = [];
  // 2-word keywords by (word, word); 3-word keywords by (2-word id, word).
  private pairs = new PairIndex();
  private triples = new PairIndex();
  /** 1 when the 2-word (3-word) id is or contains a stop-phrase: never counted. */
  private pairStop = new Uint8Array(1024);
  private tripleStop = new Uint8Array(1024);
  private c1 = newCounts(1024);
  private c2 = newCounts(1024);
  private c3 = newCounts(1024);
  private readonly scanner = new KeywordScanner();
  private field = TITLE;
  private readonly countRun = (tokens: readonly string[], length: number): void => this.count(tokens, length);
  /** Ids of the three sizes (live or not) above which the next prune also compacts. */
  private compactAt: [number, number, number];

  constructor(options: KeywordCounterOptions = {}) {
    this.cap = Math.max(1, Math.floor(options.maxKeywordsPerSize ?? MAX_KEYWORDS_PER_SIZE));
    this.keep = Math.max(1, Math.floor(this.cap * PRUNE_KEEP_RATIO));
    this.compactAt = [2 * this.cap, 2 * this.cap, 2 * this.cap];
  }

  addProduct(product: KeywordProduct): void {
    this.field = TITLE;
    this.scanner.scan(product.name, 'text', this.countRun);
    if (product.description) {
      this.field = DESCRIPTION;
      this.scanner.scan(product.description, 'html', this.countRun);
    }
    this.products++;
  }

  private count(tokens: readonly string[], length: number): void {
    const field = this.field;
    let previousWord = -1;
    let previousPair = -1;
    let previousPairStop = true;
    for (let j = 0; j < length; j++) {
      const token = tokens[j]!;
      let word = this.wordIds.get(token);
      if (word === undefined) word = this.addWord(token);
      bump(this.c1, word, field);
      if (j > 0) {
        const pairs = this.pairs;
        const before = pairs.size;
        const pair = pairs.getOrAdd(previousWord, word);
        if (pairs.size !== before) this.addedPair(pair);
        const pairStop = this.pairStop[pair] === 1;
        if (!pairStop) bump(this.c2, pair, field);
        if (j > 1 && !pairStop && !previousPairStop) {
          const triples = this.triples;
          const beforeTriples = triples.size;
          const triple = triples.getOrAdd(previousPair, word);
          if (triples.size !== beforeTriples) this.addedTriple(triple);
          if (this.tripleStop[triple] === 0) bump(this.c3, triple, field);
        }
        previousPair = pair;
        previousPairStop = pairStop;
      }
      previousWord = word;
    }
    if (this.c1.live > this.cap || this.c2.live > this.cap || this.c3.live > this.cap) this.prune();
  }

  private addWord(token: string): number {
    const id = this.words.length;
    // A token may be a slice of a whole description: keep a copy of its own, not the description.
    const own = ownString(token);
    this.words.push(own);
    this.wordIds.set(own, id);
    ensure(this.c1, id);
    return id;
  }

  private addedPair(pair: number): void {
    ensure(this.c2, pair);
    if (pair >= this.pairStop.length) this.pairStop = grow(this.pairStop, pair + 1);
    const first = this.words[this.pairs.first[pair]!]!;
    this.pairStop[pair] =
      STOP_PHRASE_HEADS.has(first) && STOP_PHRASES.has(`${first} ${this.words[this.pairs.second[pair]!]}`)
        ? 1
        : 0;
  }

  private addedTriple(triple: number): void {
    ensure(this.c3, triple);
    if (triple >= this.tripleStop.length) this.tripleStop = grow(this.tripleStop, triple + 1);
    const first = this.words[this.pairs.first[this.triples.first[triple]!]!]!;
    this.tripleStop[triple] =
      STOP_PHRASE_HEADS.has(first) && STOP_PHRASES.has(this.keyword(3, triple)) ? 1 : 0;
  }

  private counts(size: KeywordSize): Counts {
    return size === 1 ? this.c1 : size === 2 ? this.c2 : this.c3;
  }

  private ids(size: KeywordSize): number {
    return size === 1 ? this.words.length : size === 2 ? this.pairs.size : this.triples.size;
  }

  distinct(size: KeywordSize): number {
    return this.counts(size).live;
  }

  /** The keyword string of an id. */
  private keyword(size: KeywordSize, id: number): string {
    if (size === 1) return this.words[id]!;
    if (size === 2) return `${this.words[this.pairs.first[id]!]} ${this.words[this.pairs.second[id]!]}`;
    return `${this.keyword(2, this.triples.first[id]!)} ${this.words[this.triples.second[id]!]}`;
  }

  /**
   * Keyword order without building strings. Tokens hold no character below the space, so comparing the word tuples
   * (a word before any longer word it begins) is the same as comparing the space-joined keywords.
   */
  private compareKeys(size: KeywordSize, a: number, b: number): number {
    if (a === b) return 0;
    if (size === 1) return compareStrings(this.words[a]!, this.words[b]!);
    if (size === 2) {
      return (
        compareStrings(this.words[this.pairs.first[a]!]!, this.words[this.pairs.first[b]!]!) ||
        compareStrings(this.words[this.pairs.second[a]!]!, this.words[this.pairs.second[b]!]!)
      );
    }
    return (
      this.compareKeys(2, this.triples.first[a]!, this.triples.first[b]!) ||
      compareStrings(this.words[this.triples.second[a]!]!, this.words[this.triples.second[b]!]!)
    );
  }

  private score(counts: Counts, id: number): number {
    return counts.title[id]! * SCORE_TITLE_WEIGHT + counts.description[id]!;
  }

  /** Negative when `a` ranks before `b`. */
  private compareRank(size: KeywordSize, counts: Counts, a: number, b: number): number {
    const sa = this.score(counts, a);
    const sb = this.score(counts, b);
    if (sa !== sb) return sb - sa;
    return this.compareKeys(size, a, b);
  }

  private entry(size: KeywordSize, counts: Counts, id: number): KeywordEntry {
    const titleCount = counts.title[id]!;
    const descriptionCount = counts.description[id]!;
    return {
      keyword: this.keyword(size, id),
      titleCount,
      descriptionCount,
      score: keywordScore(titleCount, descriptionCount),
    };
  }

  top(n: number, size: KeywordSize): KeywordEntry[] {
    const counts = this.counts(size);
    const ids = this.ids(size);
    const best: number[] = [];
    if (n <= 0) return [];
    for (let id = 0; id < ids; id++) {
      if (counts.title[id] === 0 && counts.description[id] === 0) continue;
      if (best.length === n && this.compareRank(size, counts, id, best[n - 1]!) >= 0) continue;
      let at = best.length === n ? n - 1 : best.length;
      while (at > 0 && this.compareRank(size, counts, id, best[at - 1]!) < 0) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = id;
    }
    return best.map((id) => this.entry(size, counts, id));
  }

  private liveIds(size: KeywordSize): number[] {
    const counts = this.counts(size);
    const ids = this.ids(size);
    const live: number[] = [];
    for (let id = 0; id < ids; id++) {
      if (counts.title[id] !== 0 || counts.description[id] !== 0) live.push(id);
    }
    return live;
  }

  entries(size: KeywordSize): KeywordEntry[] {
    const counts = this.counts(size);
    return this.liveIds(size)
      .sort((a, b) => this.compareRank(size, counts, a, b))
      .map((id) => this.entry(size, counts, id));
  }

  toCsv(size: KeywordSize, limit?: number): string {
    return keywordsCsv(limit === undefined ? this.entries(size) : this.top(limit, size));
  }

  /**
   * Drops the rarest keywords of every size over the cap. A dropped keyword keeps its id with both counts 0 (and
   * starts from 0 if seen again); when the ids of a size have doubled since the last time, everything is renumbered
   * without them (`compact`), so memory stays bounded without rebuilding the tables at every prune.
   */
  private prune(): void {
    for (const size of [1, 2, 3] as const) {
      const counts = this.counts(size);
      if (counts.live <= this.cap) continue;
      const live = this.liveIds(size);
      const scores = new Float64Array(live.length);
      for (let i = 0; i < live.length; i++) scores[i] = this.score(counts, live[i]!);
      scores.sort();
      // The `keep`-th best score; all above it stay, and enough of those equal to it, in keyword order.
      const threshold = scores[scores.length - this.keep]!;
      const tied: number[] = [];
      let kept = 0;
      for (const id of live) {
        const score = this.score(counts, id);
        if (score > threshold) kept++;
        else if (score === threshold) tied.push(id);
        else this.drop(counts, id);
      }
      tied.sort((a, b) => this.compareKeys(size, a, b));
      for (let i = this.keep - kept; i < tied.length; i++) this.drop(counts, tied[i]!);
    }
    if (this.words.length > this.compactAt[0] || this.pairs.size > this.compactAt[1]) this.compact();
    else if (this.triples.size > this.compactAt[2]) this.compact();
  }

  private drop(counts: Counts, id: number): void {
    counts.title[id] = 0;
    counts.description[id] = 0;
    counts.live--;
  }

  /** Renumbers everything, keeping live keywords and the words and 2-word ids that kept keywords are made of. */
  private compact(): void {
    const isLive = (counts: Counts, id: number) => counts.title[id] !== 0 || counts.description[id] !== 0;
    const keepTriple = new Uint8Array(this.triples.size);
    const keepPair = new Uint8Array(this.pairs.size);
    const keepWord = new Uint8Array(this.words.length);
    for (let t = 0; t < this.triples.size; t++) {
      if (!isLive(this.c3, t)) continue;
      keepTriple[t] = 1;
      keepPair[this.triples.first[t]!] = 1;
      keepWord[this.triples.second[t]!] = 1;
    }
    for (let p = 0; p < this.pairs.size; p++) {
      if (isLive(this.c2, p)) keepPair[p] = 1;
      if (keepPair[p] === 1) {
        keepWord[this.pairs.first[p]!] = 1;
        keepWord[this.pairs.second[p]!] = 1;
      }
    }
    for (let w = 0; w < this.words.length; w++) if (isLive(this.c1, w)) keepWord[w] = 1;

    const wordMap = new Int32Array(this.words.length).fill(-1);
    const words: string[] = [];
    const wordIds = new Map<string, number>();
    const c1 = newCounts(Math.max(1024, this.c1.live));
    for (let w = 0; w < this.words.length; w++) {
      if (keepWord[w] !== 1) continue;
      const id = words.length;
      wordMap[w] = id;
      words.push(this.words[w]!);
      wordIds.set(this.words[w]!, id);
      ensure(c1, id);
      c1.title[id] = this.c1.title[w]!;
      c1.description[id] = this.c1.description[w]!;
    }
    c1.live = this.c1.live;

    const pairMap = new Int32Array(this.pairs.size).fill(-1);
    const pairs = new PairIndex(Math.max(1024, this.c2.live));
    const c2 = newCounts(Math.max(1024, this.c2.live));
    let pairStop = new Uint8Array(Math.max(1024, this.c2.live));
    for (let p = 0; p < this.pairs.size; p++) {
      if (keepPair[p] !== 1) continue;
      const id = pairs.getOrAdd(wordMap[this.pairs.first[p]!]!, wordMap[this.pairs.second[p]!]!);
      pairMap[p] = id;
      ensure(c2, id);
      if (id >= pairStop.length) pairStop = grow(pairStop, id + 1);
      pairStop[id] = this.pairStop[p]!;
      c2.title[id] = this.c2.title[p]!;
      c2.description[id] = this.c2.description[p]!;
    }
    c2.live = this.c2.live;

    const triples = new PairIndex(Math.max(1024, this.c3.live));
    const c3 = newCounts(Math.max(1024, this.c3.live));
    let tripleStop = new Uint8Array(Math.max(1024, this.c3.live));
    for (let t = 0; t < this.triples.size; t++) {
      if (keepTriple[t] !== 1) continue;
      const id = triples.getOrAdd(pairMap[this.triples.first[t]!]!, wordMap[this.triples.second[t]!]!);
      ensure(c3, id);
      if (id >= tripleStop.length) tripleStop = grow(tripleStop, id + 1);
      tripleStop[id] = this.tripleStop[t]!;
      c3.title[id] = this.c3.title[t]!;
      c3.description[id] = this.c3.description[t]!;
    }
    c3.live = this.c3.live;

    this.words = words;
    this.wordIds = wordIds;
    this.pairs = pairs;
    this.triples = triples;
    this.pairStop = pairStop;
    this.tripleStop = tripleStop;
    this.c1 = c1;
    this.c2 = c2;
    this.c3 = c3;
    this.compactAt = [
      2 * Math.max(this.cap, words.length),
      2 * Math.max(this.cap, pairs.size),
      2 * Math.max(this.cap, triples.size),
    ];
  }

  toJSON(): KeywordSnapshot {
    const list = (size: KeywordSize): [string, number, number][] => {
      const counts = this.counts(size);
      return this.liveIds(size).map((id) => [
        this.keyword(size, id),
        counts.title[id]!,
        counts.description[id]!,
      ]);
    };
    return {
      version: 1,
      rules: KEYWORD_RULES_VERSION,
      products: this.products,
      maxKeywordsPerSize: this.cap,
      keywords: [list(1), list(2), list(3)],
    };
  }

  /** Adds saved counts (used by `keywordCounterFromJSON`). */
  restore(snapshot: KeywordSnapshot): void {
    this.products += snapshot.products;
    const [ones, twos, threes] = snapshot.keywords;
    for (const [size, list] of [
      [1, ones],
      [2, twos],
      [3, threes],
    ] as const) {
      const counts = this.counts(size);
      for (const [keyword, title, description] of list) {
        const parts = keyword.split(' ');
        if (parts.length !== size || parts.some((part) => part === '')) {
          throw new KeywordSnapshotError(`"${keyword}" is not a ${size}-word keyword`);
        }
        if (title + description === 0 || (size > 1 && containsStopPhrase(parts, 0, size))) continue;
        const ids = parts.map((part) => this.wordIds.get(part) ?? this.addWord(part));
        let id = ids[0]!;
        if (size >= 2) {
          const before = this.pairs.size;
          id = this.pairs.getOrAdd(ids[0]!, ids[1]!);
          if (this.pairs.size !== before) this.addedPair(id);
        }
        if (size === 3) {
          const before = this.triples.size;
          id = this.triples.getOrAdd(id, ids[2]!);
          if (this.triples.size !== before) this.addedTriple(id);
        }
        if (counts.title[id] === 0 && counts.description[id] === 0) counts.live++;
        counts.title[id]! += title;
        counts.description[id]! += description;
      }
    }
    if (this.c1.live > this.cap || this.c2.live > this.cap || this.c3.live > this.cap) this.prune();
  }
}

export class KeywordSnapshotError extends Error {
  override name = 'KeywordSnapshotError';
}

export function createKeywordCounter(options: KeywordCounterOptions = {}): KeywordCounter {
  return new Counter(options);
}

/**
 * A counter that continues from a saved snapshot. Throws `KeywordSnapshotError` when the data is not a snapshot or
 * was counted under other rules (`KEYWORD_RULES_VERSION`): the caller then starts counting afresh.
 */
export function keywordCounterFromJSON(data: unknown, options: KeywordCounterOptions = {}): KeywordCounter {
  const snapshot = parseSnapshot(data);
  if (snapshot.rules !== KEYWORD_RULES_VERSION) {
    throw new KeywordSnapshotError(
      `Counted under other rules (${snapshot.rules}, now ${KEYWORD_RULES_VERSION})`,
    );
  }
  const counter = new Counter({
    maxKeywordsPerSize: options.maxKeywordsPerSize ?? snapshot.maxKeywordsPerSize,
  });
  counter.restore(snapshot);
  return counter;
}
