// Import Product: one run of the write side, shared by its steps (steps/*.ts). It holds the result and the id map as
// they are counted, the target product once written, and the progress ticks (one per planned write, plan.steps).
import {
  DEFAULT_COPY_SUFFIX,
  emptyImportProductResult,
  type ExistingProductAction,
  type ImportIdMap,
  type ImportNotice,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import {
  importMessage,
  renderImportMessage,
  type ImportMessage,
  type ImportMessageCode,
  type ImportMessageParams,
} from '../../../common/import-product/message-texts';
import type { BeforeWrite } from '../../jobs/before-job';
import type { Exclusive } from '../../db/lease';
import { isBigCommerceError, type BigCommerceClient, type Option } from '../../integrations/bigcommerce';
import type { Analysis } from './import-product.analysis';

/** Writes done of the planned total, and the step: in English, and as a message (issue 42). */
export type ImportProgressEvent = { done: number; total: number; step: string; stepMessage?: ImportMessage };

export type ImportProductCommand = {
  onExistingSku: ExistingProductAction;
  copySuffix?: string;
  idMap?: ImportIdMap;
};

export type ImportProductRunOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgressEvent) => void;
  /**
   * Runs the import as the only one of its product in its store, on any instance (server/db/lease.ts): a second
   * import of the same SKU into the same store waits for the first to end, then continues it (issue 29).
   */
  exclusive?: Exclusive;
  /** Takes a snapshot of the target's product before it is updated (Store History, issue 32). */
  beforeWrite?: BeforeWrite;
};

export type Body = Record<string, unknown>;

/** Why a write failed, in one line for the logs. */
export function describeFailure(error: unknown): string {
  if (isBigCommerceError(error)) {
    const details = Object.values(error.errors).filter(Boolean).slice(0, 3).join('; ');
    const head = error.status ? `${error.status} ${error.title ?? error.message}` : error.message;
    return details ? `${head}: ${details}` : head;
  }
  return error instanceof Error ? error.message : String(error);
}

export function pick(source: Record<string, unknown>, keys: readonly string[]): Body {
  const out: Body = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

export class Run {
  readonly result: ImportProductResult;
  readonly idMap: ImportIdMap;
  /** The target product, once written. */
  productId = 0;
  /** The target's options by lower-cased display name, once the options step has run (the variants use them). */
  targetOptions = new Map<string, Option>();
  private done = 0;
  /** `result.logs` and `result.notCarried` as messages, line for line. */
  private readonly logMessages: ImportMessage[] = [];
  private readonly notCarriedMessages: ImportMessage[] = [];

  constructor(
    readonly client: BigCommerceClient,
    readonly dump: ProductDump,
    readonly analysis: Analysis,
    readonly command: ImportProductCommand,
    readonly options: ImportProductRunOptions,
  ) {
    this.result = {
      ...emptyImportProductResult({ id: 0, name: analysis.plan.name, sku: analysis.plan.sku }),
      logMessages: this.logMessages,
      notCarriedMessages: this.notCarriedMessages,
    };
    this.idMap = {
      product: { ...command.idMap?.product },
      variants: { ...command.idMap?.variants },
      options: { ...command.idMap?.options },
      modifiers: { ...command.idMap?.modifiers },
      images: { ...command.idMap?.images },
    };
  }

  get signal() {
    return this.options.signal;
  }

  get suffix() {
    return this.analysis.plan.action === 'copy' ? (this.command.copySuffix ?? DEFAULT_COPY_SUFFIX) : '';
  }

  /** A line of the logs: the message, and its English in `logs`. */
  log(code: ImportMessageCode, params: ImportMessageParams = {}) {
    this.logMessage(importMessage(code, params));
  }

  logMessage(message: ImportMessage) {
    this.logMessages.push(message);
    this.result.logs.push(renderImportMessage(message));
  }

  /** Something the import does not carry over: the message, and its English in `notCarried`. */
  notCarried(message: ImportMessage) {
    this.notCarriedMessages.push(message);
    this.result.notCarried.push(renderImportMessage(message));
  }

  notice(notice: ImportNotice) {
    this.result.notices.push(notice);
  }

  tick(code: ImportMessageCode, params: ImportMessageParams = {}) {
    this.done++;
    const stepMessage = importMessage(code, params);
    this.options.onProgress?.({
      done: this.done,
      total: this.analysis.plan.steps,
      step: renderImportMessage(stepMessage),
      stepMessage,
    });
  }

  /** One counted step: stops the run only when the caller has gone (the signal). */
  async step(
    [code, params]: [ImportMessageCode, ImportMessageParams],
    work: () => Promise<void>,
    onFailure: (error: unknown) => void,
  ) {
    this.signal?.throwIfAborted();
    try {
      await work();
    } catch (error) {
      if (this.signal?.aborted) throw error;
      onFailure(error);
    }
    this.tick(code, params);
  }
}
