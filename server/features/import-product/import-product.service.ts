// Import Product, the write side (issue 13; spec part 1 §3 "Import product result"; API-NOTES §6 (d)). The dump is
// analysed first (import-product.analysis.ts), then written step by step: the product without read-only fields,
// options and their values, variants matched by SKU, modifiers, images by URL, videos, custom fields, bulk pricing
// rules, reviews, channel assignments. Every step is counted and logged; a step that fails does not stop the others.
//
// Nothing is created twice. Each item is first matched with what the target already has (by the key BigCommerce keeps
// unique, or by the id map of an earlier run), so a second import of the same dump updates instead of duplicating; a
// create that failed in a way that leaves its fate unknown is looked up by that key before it is sent again
// (createOnce). A run cut short is therefore continued by running it again. Two runs at the same time (two tabs, two
// instances) would both find nothing and both create: with `exclusive`, a run holds the lease of its store and SKU
// (issue 29), so the second waits for the first and then continues it.
import type { ImportProductResult } from '../../../common/contracts/import-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import { importMessage, renderImportMessage } from '../../../common/import-product/message-texts';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { analyseImport } from './import-product.analysis';
import { importBusyMessage, importProductLeaseKey, waitMessage } from './import-lease';
import { Run, type ImportProductCommand, type ImportProductRunOptions } from './import-run';
import { categoryPath, notCarriedMessages } from './plan-checks';
import { importBulkPricing } from './steps/bulk-pricing';
import { importChannels } from './steps/channels';
import { importCustomFields } from './steps/custom-fields';
import { importImages } from './steps/images';
import { importModifiers } from './steps/modifiers';
import { importOptions } from './steps/options';
import { importProductFields } from './steps/product';
import { importReviews } from './steps/reviews';
import { importVariants } from './steps/variants';
import { importVideos } from './steps/videos';

/** The steps after the product itself, in their order: each writes its items and counts them; none stops the others. */
const STEPS = [
  importOptions,
  importVariants,
  importModifiers,
  importImages,
  importVideos,
  importCustomFields,
  importBulkPricing,
  importReviews,
  importChannels,
] as const;

/**
 * Imports `dump` into the client's store. Fails as a whole only when the product itself cannot be written, or when
 * another import of the same product into the same store is still running after the wait (`import_busy`).
 */
export async function importProduct(
  client: BigCommerceClient,
  dump: ProductDump,
  command: ImportProductCommand,
  options: ImportProductRunOptions = {},
): Promise<ImportProductResult> {
  if (!options.exclusive) return writeImport(client, dump, command, options, false);
  let waited = false;
  return options.exclusive(
    [importProductLeaseKey(client.storeHash, dump)],
    () => writeImport(client, dump, command, options, waited),
    {
      onBusy: () => new AppError(ERROR_CODES.importBusy, importBusyMessage(dump)),
      onWait: () => {
        waited = true;
        const stepMessage = waitMessage('step', dump);
        options.onProgress?.({ done: 0, total: 0, step: renderImportMessage(stepMessage), stepMessage });
      },
    },
  );
}

async function writeImport(
  client: BigCommerceClient,
  dump: ProductDump,
  command: ImportProductCommand,
  options: ImportProductRunOptions,
  waited: boolean,
): Promise<ImportProductResult> {
  const { signal } = options;
  const analysis = await analyseImport(client, dump, { ...command, signal });
  const run = new Run(client, dump, analysis, command, options);
  if (waited) run.logMessage(waitMessage('log', dump));
  for (const message of notCarriedMessages(dump)) run.notCarried(message);
  for (const category of analysis.plan.categories.filter((item) => item.targetId === null)) {
    run.notCarried(importMessage('notCarriedCategory', { path: categoryPath(category) }));
  }
  // The plan's notes open the logs.
  for (const message of analysis.plan.noteMessages ?? []) run.logMessage(message);

  if (analysis.plan.action === 'skip') {
    run.result.action = 'skipped';
    run.result.productId = analysis.existing?.id ?? 0;
    run.log('logSkipped', { sku: dump.sku, id: run.result.productId });
    return { ...run.result, idMap: run.idMap };
  }

  if (analysis.existing && analysis.plan.action === 'update' && options.beforeWrite) {
    // The product it will change, as the target holds it now, kept where Store History can show and restore it.
    const id = analysis.existing.id;
    const before = await options.beforeWrite({ products: [id] });
    if ('snapshotId' in before) run.log('logBeforeKept', { id });
    else run.log('logBeforeNotKept', { id, reason: before.skipped });
  }
  const productId = await importProductFields(run);
  for (const step of STEPS) await step(run, productId);
  return { ...run.result, idMap: run.idMap };
}
