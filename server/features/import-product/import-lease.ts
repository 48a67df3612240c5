// Import Product's lease (issue 29): a run holds its store and SKU, so a second import of the same product into the
// same store waits for the first and then continues it.
import type { ProductDump } from '../../../common/dumps/product-dump';
import { importMessage, type ImportMessage } from '../../../common/import-product/message-texts';
import { lower } from './import-product.analysis';

/**
 * The lease an import holds: the target store and the dump's SKU (lower-cased, as BigCommerce compares SKUs), or its
 * name for a product without a SKU. Whatever the existing-SKU choice, every import of a dump starts from that key.
 */
export function importProductLeaseKey(storeHash: string, dump: Pick<ProductDump, 'sku' | 'name'>): string {
  const sku = lower(dump.sku);
  return `import-product:${storeHash}:${sku ? `sku:${sku}` : `name:${lower(dump.name)}`}`;
}

/** Said when another import of the same product into the same store holds it past the wait. */
export function importBusyMessage(dump: Pick<ProductDump, 'sku' | 'name'>): string {
  return `Another import of ${productLabel(dump)} into this store is running. Please wait for it to end and try again.`;
}

/** "SKU ABC-1", or `the product "Name"` without a SKU. */
function productLabel(dump: Pick<ProductDump, 'sku' | 'name'>): string {
  return dump.sku.trim() ? `SKU ${dump.sku}` : `the product "${dump.name}"`;
}

/** That the import waits (its progress step) or waited (a line of its logs) for another import of the product. */
export function waitMessage(kind: 'step' | 'log', dump: Pick<ProductDump, 'sku' | 'name'>): ImportMessage {
  if (dump.sku.trim())
    return importMessage(kind === 'step' ? 'stepWaitingSku' : 'logWaitedSku', { sku: dump.sku });
  return importMessage(kind === 'step' ? 'stepWaitingName' : 'logWaitedName', { name: dump.name });
}
