// What the Keyword Extractor's Web Worker does (keyword-worker.ts runs it), apart from the worker itself so that it
// can be tested in Node: count a page of products with the engine (common/keywords), remember their compact records,
// save both with the position in the counts store, and answer the tables, the products of a keyword and the CSVs.
import {
  createKeywordCounter,
  KEYWORD_SIZES,
  keywordCounterFromJSON,
  keywordsCsv,
  missingFromTitlesCsv,
  TOP_N,
  UTF8_BOM,
  type KeywordCounter,
  type KeywordSize,
  type MissingFromTitle,
} from '../../../common/keywords';
import type { CountsCheckpoint, CountsStore, ProductRecord } from './counts-store';
import {
  MAX_LISTED_PRODUCTS,
  type CountsView,
  type KeywordReplies,
  type KeywordRequest,
  type KeywordRequestOf,
  type KeywordTables,
  type ProductMatches,
  type ReadProductIds,
} from './keyword-protocol';
import { findProducts, toProductRecord } from './product-records';

export class KeywordSession {
  private counter: KeywordCounter = createKeywordCounter();
  private records: ProductRecord[] = [];
  private pages: number[] = [];
  private unlisted = 0;

  constructor(private readonly store: CountsStore) {}

  async handle(request: KeywordRequest): Promise<KeywordReplies[KeywordRequest['kind']]> {
    switch (request.kind) {
      case 'reset':
        return this.reset();
      case 'restore':
        return this.restore(request.runId);
      case 'count':
        return this.count(request);
      case 'find':
        return this.find(request.keyword);
      case 'csv':
        return this.csv(request.size);
      case 'ids':
        return this.ids();
      case 'missing-csv':
        return this.missingCsv(request.lines);
    }
  }

  private forget(): void {
    this.counter = createKeywordCounter();
    this.records = [];
    this.pages = [];
    this.unlisted = 0;
  }

  async reset(): Promise<null> {
    this.forget();
    // A store that cannot be cleared cannot be read back either (restore checks the run id).
    await this.store.clear().catch(() => undefined);
    return null;
  }

  /** Takes up the counts saved for the run; null (and a fresh start) when there are none for it. */
  async restore(runId: string): Promise<KeywordReplies['restore']> {
    this.forget();
    let saved = null;
    try {
      saved = await this.store.read();
    } catch {
      saved = null;
    }
    if (saved?.checkpoint.runId === runId) {
      try {
        this.counter = keywordCounterFromJSON(saved.checkpoint.snapshot);
        this.records = saved.records;
        this.pages = [...saved.checkpoint.pages];
        this.unlisted = saved.checkpoint.unlisted;
        const { nextPage, processedProducts, countsFromPage } = saved.checkpoint;
        return { position: { nextPage, processedProducts, countsFromPage }, view: this.view(true) };
      } catch {
        // Counted under other rules, or damaged: counting starts over.
        this.forget();
      }
    }
    // Counts of another run (or none): they are of no use to this one.
    await this.store.clear().catch(() => undefined);
    return null;
  }

  async count(request: KeywordRequestOf<'count'>): Promise<CountsView> {
    const records: ProductRecord[] = [];
    for (const product of request.products) {
      this.counter.addProduct({ name: product.name, description: product.description });
      if (this.records.length + records.length < MAX_LISTED_PRODUCTS) records.push(toProductRecord(product));
      else this.unlisted++;
    }
    this.records.push(...records);
    if (!this.pages.includes(request.page)) this.pages.push(request.page);
    const checkpoint: CountsCheckpoint = {
      version: 1,
      runId: request.runId,
      nextPage: request.page + 1,
      processedProducts: request.processedBefore + request.products.length,
      countsFromPage: request.countsFromPage,
      pages: [...this.pages],
      unlisted: this.unlisted,
      snapshot: this.counter.toJSON(),
    };
    let isSaved = true;
    try {
      await this.store.write(checkpoint, request.page, records);
    } catch {
      isSaved = false;
    }
    return this.view(isSaved);
  }

  /** The products read so far whose title or description holds the keyword. */
  find(keyword: string): ProductMatches {
    return findProducts(this.records, keyword, this.unlisted);
  }

  /** Every keyword of a size in rank order, `keyword,score`, with a byte order mark for Excel. */
  csv(size: KeywordSize): string {
    return UTF8_BOM + keywordsCsv(this.counter.entries(size));
  }

  /** The ids of the remembered products, in reading order, each once. */
  ids(): ReadProductIds {
    return { ids: [...new Set(this.records.map((record) => record.id))], unlisted: this.unlisted };
  }

  /** The report on page titles as CSV (`product_id,name,page_title,missing_keywords`), with a byte order mark. */
  missingCsv(lines: readonly MissingFromTitle[]): string {
    return UTF8_BOM + missingFromTitlesCsv(lines);
  }

  view(isSaved: boolean): CountsView {
    const tables = KEYWORD_SIZES.map((size) => this.counter.top(TOP_N, size)) as KeywordTables;
    const keywords = KEYWORD_SIZES.reduce((sum, size) => sum + this.counter.distinct(size), 0);
    return { tables, keywords, products: this.counter.products, isSaved };
  }
}
