// The Import Product screen's logic (spec part 1 §2, §3, §5, §7; issue 13): reading the product file, the preview, the
// request it builds, the id maps kept for a re-run and the result's statistics. Pure: the screen and the unit tests
// share it.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { DumpProductRequest, ProductSearchType } from '../../../common/contracts/dump-product';
import {
  DEFAULT_COPY_SUFFIX,
  type ExistingProductAction,
  type ImportIdMap,
  type ImportNotice,
  type ImportProductRequest,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import type { ImportMessage } from '../../../common/import-product/message-texts';
import { issuesDetail, readableZodIssue } from '../../lib/zod-issues';
import type { DetailedText } from '../../components/tool/json-file-input';
import { fileNamePart, fileTimestamp } from '../../../common/dumps/file-names';
import { apiErrorText } from '../../lib/tool-errors';
import {
  productDumpSchema,
  summariseProductDump,
  type ProductDump,
} from '../../../common/dumps/product-dump';

/** Why a chosen file gave no product dump. */
export type ProductFileProblem =
  /** Spec part 1 §5: the name does not end in .json ('Please select a JSON file'). */
  | { kind: 'notJsonFile' }
  /** Spec part 1 §5: the text does not parse ('Invalid JSON file'). */
  | { kind: 'invalidJson' }
  | { kind: 'unreadable' }
  /** Valid JSON that is not a product dump: the schema's issues. */
  | { kind: 'notProductDump'; issues: z.ZodError };

export type ProductFileRead = { ok: true; dump: ProductDump } | { ok: false; problem: ProductFileProblem };

/** How many of the schema's issues the message names; the rest are counted. */
const SHOWN_ISSUES = 3;

export const isJsonFileName = (name: string) => /\.json$/i.test(name.trim());

/**
 * The schema's issues as a person reads them (issue 31): a file another tool made (its `kind` is not a product
 * dump's) says only that; otherwise the first few issues as sentences, and how many more there are.
 */
export function describeDumpIssues(error: z.ZodError, t: TFunction): { issues: string[]; more: number } {
  if (error.issues.some((issue) => issue.path[0] === 'kind')) return { issues: [], more: 0 };
  const issues = error.issues.map((issue) => readableZodIssue(issue, t));
  return { issues: issues.slice(0, SHOWN_ISSUES), more: Math.max(0, issues.length - SHOWN_ISSUES) };
}

/** Checks parsed content against the product dump format (common/dumps/product-dump.ts). */
export function readProductDump(content: unknown): ProductFileRead {
  const parsed = productDumpSchema.safeParse(content);
  if (parsed.success) return { ok: true, dump: parsed.data };
  return { ok: false, problem: { kind: 'notProductDump', issues: parsed.error } };
}

/**
 * Reads a chosen file (spec part 1 §5): the name must end in .json, the text must parse, and the content must be a
 * product dump; a dump fetched from a store goes through `readProductDump` the same way.
 */
export async function readProductFile(file: Pick<File, 'name' | 'text'>): Promise<ProductFileRead> {
  if (!isJsonFileName(file.name)) return { ok: false, problem: { kind: 'notJsonFile' } };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: { kind: 'unreadable' } };
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'invalidJson' } };
  }
  return readProductDump(content);
}

/**
 * The text a person reads for a problem: the spec's 'Please select a JSON file' and 'Invalid JSON file', or what
 * makes the content no product dump (`fromStore`: the content was the store's answer, not a file).
 */
export function productFileProblemText(
  problem: ProductFileProblem,
  t: TFunction,
  fromStore = false,
): DetailedText {
  switch (problem.kind) {
    case 'notJsonFile':
      return { text: t('importProduct.selectJsonFile') };
    case 'invalidJson':
      return { text: t('importProduct.invalidJson') };
    case 'unreadable':
      return { text: t('importProduct.unreadable') };
    case 'notProductDump': {
      const detail = issuesDetail(problem.issues);
      const described = describeDumpIssues(problem.issues, t);
      if (described.issues.length === 0) {
        return {
          text: t(fromStore ? 'importProduct.notProductDumpAnswerKind' : 'importProduct.notProductDumpKind'),
          detail,
        };
      }
      const more = described.more > 0 ? ` ${t('importProduct.moreIssues', { more: described.more })}` : '';
      const issues = `${described.issues.join('; ')}${more}`;
      return {
        text: fromStore
          ? t('importProduct.notProductDumpAnswer', { issues })
          : t('importProduct.notProductDump', { issues }),
        detail,
      };
    }
  }
}

/**
 * The text of a failed import (spec part 1 §8): the server's error in the user's language, else 'Import failed'; a
 * call that never got an answer says 'Server connection error: {message}'.
 */
export function importErrorText(error: unknown, t: TFunction): string {
  return apiErrorText(error, t, t('errors.importFailed'));
}

/** The preview of spec part 1 §2: name, SKU (null shows 'N/A'), type and the counts. */
export type DumpPreview = Omit<ReturnType<typeof summariseProductDump>, 'sku'> & { sku: string | null };

export function previewDump(dump: ProductDump): DumpPreview {
  const summary = summariseProductDump(dump);
  return { ...summary, sku: summary.sku.trim() === '' ? null : summary.sku };
}

/** The preview's counts, in the spec's order. */
export const PREVIEW_COUNTS = ['categories', 'images', 'variants', 'options', 'modifiers'] as const;

/** A product dump with where it was loaded from (a file, or a store through Dump Product). */
export type LoadedDump = {
  dump: ProductDump;
  /** The file's name, or the source store's name and the search. */
  origin:
    | { kind: 'file'; fileName: string }
    | { kind: 'store'; storeName: string; searchType: ProductSearchType; searchValue: string };
  /** Counts loads: the dry run is asked again for each new load, even of the same file. */
  serial: number;
};

/** What the user chose for a product whose SKU the target already has (spec: update by default). */
export type ExistingSkuChoice = { onExistingSku: ExistingProductAction; copySuffix: string };
export const initialExistingSkuChoice: ExistingSkuChoice = {
  onExistingSku: 'update',
  copySuffix: DEFAULT_COPY_SUFFIX,
};

export const COPY_SUFFIX_MAX = 20;

/** The contract takes a suffix of 1 to 20 characters (blank around it trimmed); only a copy uses it. */
export function isCopySuffixValid(choice: ExistingSkuChoice): boolean {
  if (choice.onExistingSku !== 'copy') return true;
  const suffix = choice.copySuffix.trim();
  return suffix.length >= 1 && suffix.length <= COPY_SUFFIX_MAX;
}

/**
 * Which earlier run a run continues: the target store and the dump's source product. A re-run of the same dump into
 * the same store sends the earlier run's id map, so it continues instead of duplicating.
 */
export function idMapKey(targetStoreHash: string, dump: Pick<ProductDump, 'source'>): string {
  return `${targetStoreHash}|${dump.source.storeHash}#${dump.source.productId}`;
}

/** The target store as the import calls take it (spec part 1 §7: `{storeHash, accessToken, clientId}`). */
export type StoreRef = ImportProductRequest['store'];

/** `POST /api/import-product` and its dry run: the target, the dump as loaded, the choice and the earlier id map. */
export function buildImportRequest(
  store: StoreRef,
  dump: ProductDump,
  choice: ExistingSkuChoice,
  idMap: ImportIdMap | undefined,
): ImportProductRequest {
  return {
    store,
    productData: dump,
    options: {
      onExistingSku: choice.onExistingSku,
      copySuffix: choice.copySuffix.trim() || DEFAULT_COPY_SUFFIX,
      ...(idMap ? { idMap } : {}),
    },
  };
}

/** `POST /api/dump-product` for the "from a store" source; the value trimmed. */
export function buildSourceRequest(
  storeCredentials: DumpProductRequest['storeCredentials'],
  searchType: ProductSearchType,
  searchValue: string,
): DumpProductRequest {
  return { storeCredentials, searchType, searchValue: searchValue.trim() };
}

/** Why the import cannot start yet (spec part 1 §5: a store and a file are required). */
export type ImportProblem = 'store' | 'file' | 'copySuffix';

export function validateImport(
  hasStore: boolean,
  loaded: LoadedDump | null,
  choice: ExistingSkuChoice,
): ImportProblem | null {
  if (!hasStore) return 'store';
  if (!loaded) return 'file';
  if (!isCopySuffixValid(choice)) return 'copySuffix';
  return null;
}

/** One cell of the result's statistics grid: a counter group and its counts in the contract's order. */
export type ResultStat = {
  key:
    | 'options'
    | 'modifiers'
    | 'variants'
    | 'images'
    | 'videos'
    | 'customFields'
    | 'bulkPricing'
    | 'reviews'
    | 'channels';
  counts: Array<{ key: 'success' | 'failed' | 'skipped' | 'created' | 'updated' | 'error'; value: number }>;
};

/** The statistics grid of spec part 1 §3 "Import product result", in its order. */
export function resultStats(result: ImportProductResult): ResultStat[] {
  const pair = (counts: { success: number; failed: number }): ResultStat['counts'] => [
    { key: 'success', value: counts.success },
    { key: 'failed', value: counts.failed },
  ];
  return [
    { key: 'options', counts: pair(result.options) },
    { key: 'modifiers', counts: pair(result.modifiers) },
    {
      key: 'variants',
      counts: [
        { key: 'created', value: result.variants.created },
        { key: 'updated', value: result.variants.updated },
        { key: 'failed', value: result.variants.failed },
      ],
    },
    {
      key: 'images',
      counts: [...pair(result.images), { key: 'skipped', value: result.images.skipped }],
    },
    { key: 'videos', counts: pair(result.videos) },
    { key: 'customFields', counts: pair(result.customFields) },
    { key: 'bulkPricing', counts: pair(result.bulkPricing) },
    {
      key: 'reviews',
      counts: [...pair(result.reviews), { key: 'skipped', value: result.reviews.skipped }],
    },
    {
      key: 'channels',
      counts: [
        { key: 'success', value: result.channels.success },
        { key: 'error', value: result.channels.error },
      ],
    },
  ];
}

/** One item the import left out or copied in part, as a sentence in the user's language. */
export function noticeText(notice: ImportNotice, t: TFunction): string {
  switch (notice.kind) {
    case 'product_list_value': {
      const values = {
        owner: t(`importProduct.noticeOwners.${notice.owner}`),
        name: notice.name,
        label: notice.label,
        sku: notice.sku ?? '',
        id: String(notice.sourceProductId ?? ''),
      };
      if (notice.sourceProductId === null) return t('importProduct.noticeListValueNoProduct', values);
      return t(`importProduct.noticeListValue.${notice.reason}`, values);
    }
    case 'product_list_left_out':
      return t('importProduct.noticeListLeftOut', {
        owner: t(`importProduct.noticeOwners.${notice.owner}`),
        name: notice.name,
      });
    case 'image_resized':
      return t(`importProduct.noticeImage.${notice.size}`, { image: notice.image });
    case 'modifier_date':
      return notice.original === null
        ? t('importProduct.noticeDateMissing', { name: notice.name, field: notice.field, sent: notice.sent })
        : t('importProduct.noticeDateUnreadable', {
            name: notice.name,
            field: notice.field,
            original: notice.original,
            sent: notice.sent,
          });
  }
}

/** A note, limit, log line or step the server sent as a code, as a sentence in the user's language. */
export function importMessageText(message: ImportMessage, t: TFunction): string {
  return t(`importProduct.messages.${message.code}`, message.params);
}

/**
 * Lines the server sends in English and, beside them, as messages (issue 42): the messages in the user's language,
 * or the English lines from a server that sends none.
 */
export function messageLines(
  lines: readonly string[],
  messages: readonly ImportMessage[] | undefined,
  t: TFunction,
): string[] {
  return messages ? messages.map((message) => importMessageText(message, t)) : [...lines];
}

/** Whether any counter of the result counts a failure (the panel turns amber). */
export function hasFailures(result: ImportProductResult): boolean {
  return resultStats(result).some((stat) =>
    stat.counts.some((count) => (count.key === 'failed' || count.key === 'error') && count.value > 0),
  );
}

/** `import_product_{productId}_{timestamp}.json` (named like the dump files, common/dumps/file-names.ts). */
export function resultFileName(result: Pick<ImportProductResult, 'productId'>, date: Date): string {
  return `import_product_${fileNamePart(String(result.productId))}_${fileTimestamp(date)}.json`;
}

/**
 * The "Download result" file: the result with its id map, and what it was a result of (target store, source product,
 * choice), so a later run can be traced or continued. Holds no token.
 */
export function resultDownload(
  result: ImportProductResult,
  context: {
    targetStoreHash: string;
    dump: Pick<ProductDump, 'source'>;
    choice: ExistingSkuChoice;
    at: Date;
  },
) {
  return {
    kind: 'bc-toolbox/import-product-result',
    importedAt: context.at.toISOString(),
    targetStoreHash: context.targetStoreHash,
    source: { storeHash: context.dump.source.storeHash, productId: context.dump.source.productId },
    options: { onExistingSku: context.choice.onExistingSku, copySuffix: context.choice.copySuffix.trim() },
    results: result,
  };
}
