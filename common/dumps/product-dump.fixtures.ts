// The first fields of a product dump (spec part 1 §3 "Product dump file"), for tests and benchmarks that write a dump
// by hand: the format, when and where it was made, and the product's id and name.
import type { ProductDumpInput } from './product-dump';

type DumpHead = Pick<ProductDumpInput, 'formatVersion' | 'kind' | 'dumpedAt' | 'source' | 'id' | 'name'>;

/** A dump of product `id` of store `storeHash`, made at `dumpedAt`: the fields it starts with. */
export function productDumpHead(
  storeHash: string,
  id: number,
  name: string,
  dumpedAt = '2026-01-01T00:00:00.000Z',
): DumpHead {
  return {
    formatVersion: 1,
    kind: 'bc-toolbox/product-dump',
    dumpedAt,
    source: { storeHash, productId: id },
    id,
    name,
  };
}
