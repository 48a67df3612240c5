// The keyword extractor's engine (issue 14; spec part 2 §3, §5, §9): tokenising, counting, ranking, CSV. Pure and
// shared: the extractor's Web Worker and screen, and the server's tests, import it from here.
export {
  compareKeywordEntries,
  keywordEntrySchema,
  keywordScore,
  MAX_KEYWORDS_PER_SIZE,
  PRUNE_KEEP_RATIO,
  SCORE_TITLE_WEIGHT,
  TOP_N,
  type KeywordEntry,
} from './score';
export {
  containsStopPhrase,
  extractKeywords,
  KEYWORD_SIZES,
  KeywordScanner,
  tokenise,
  tokeniseRuns,
  type KeywordSize,
  type RunSink,
  type TextKind,
} from './tokenise';
export { STOP_PHRASES, STOP_WORD_EXCEPTIONS, STOP_WORD_SOURCE, STOP_WORDS } from './stop-words';
export {
  createKeywordCounter,
  KEYWORD_RULES_VERSION,
  keywordCounterFromJSON,
  KeywordSnapshotError,
  keywordSnapshotSchema,
  type KeywordCounter,
  type KeywordCounterOptions,
  type KeywordProduct,
  type KeywordSnapshot,
} from './counter';
export {
  csvField,
  KEYWORD_CSV_HEADER,
  KEYWORD_CSV_TYPE,
  keywordsCsv,
  keywordsCsvFile,
  keywordsCsvFileName,
  UTF8_BOM,
} from './csv';
export {
  MIN_KEYWORD_OCCURRENCES,
  MISSING_KEYWORDS_PER_PRODUCT,
  missingFromTitle,
  missingFromTitles,
  missingFromTitlesCsv,
  type MissingFromTitle,
  type TitledProduct,
} from './missing-from-title';
