// Shared by the benches that need a large catalogue (P11 Store History, P13 Spreadsheet Edit): a sandbox store of the
// demo's seed generated to N products, and the resident memory of an app process read from /proc.
import { readFileSync } from 'node:fs';
import { faker } from '@faker-js/faker/locale/en';
import { generateProducts } from '../server/sandbox/catalog/demo/catalogue';
import { storeInformation } from '../server/sandbox/catalog/demo/index';
import { addBrands, addChannels, addTrees } from '../server/sandbox/catalog/demo/structure';
import { BRANDS } from '../server/sandbox/catalog/demo/word-lists';
import { createStoreData } from '../server/sandbox/core/store-state';
import type { RunningSandbox } from '../server/sandbox/test-server';

/** The seed of the demo store (server/sandbox/catalog/demo/index.ts SEEDS.demo), so the first 1,260 products are its. */
const DEMO_SEED = 20_240_301;

/** A sandbox store of the demo's seed whose catalogue is generated to `products` products. */
export function createGeneratedStore(
  sb: RunningSandbox,
  hash: string,
  products: number,
  token: string,
  name = `Generated ${products}`,
): void {
  const store = sb.sandbox.stores.create({ hash, token, kind: 'demo', name });
  const data = createStoreData(hash, storeInformation(hash, name, 1_000_777));
  faker.seed(DEMO_SEED);
  addChannels(data, name);
  const brandIds = addBrands(data, BRANDS.length);
  const trees = addTrees(data, name);
  generateProducts(faker, data, { ...trees, brandIds }, products);
  // In place: the content plugin's closures hold this object (its channels). The demo's widgets point at the demo's
  // products, categories and brands, which keep their ids here (the same generator from the same seed).
  const first = store.data.products.get(77)?.fields.name;
  Object.assign(store.data, { ...data, info: store.data.info });
  if (store.data.products.get(77)?.fields.name !== first)
    throw new Error('the generated store lost the demo ids');
}

/** The resident memory of process `pid`, in bytes (VmRSS from /proc). */
export const residentBytes = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
