// P12 (issue 40, "Show it"): a second Store History snapshot of an unchanged store adds under 1% of the first one's
// bytes. Snapshots are content-addressed (STYLE.md §10): each item is stored once under the hash of its normalised JSON,
// so a second snapshot of a store nothing changed in shares every item with the first and adds only its index rows.
// Through the real app, as P11 (store-history.bench.ts, whose generated store and child app this reuses): a sandbox
// store of the demo's seed generated to BENCH_P12_PRODUCTS products (2,000), two full snapshots by one visitor in a
// row, each followed to the end. Row: baseline = the first snapshot's `newBytes` (what it added to storage,
// compressed: everything, for a new owner), candidate = the second's; ratio = the second's share. Goal < 1%. The note
// also gives it as a share of the first's `bytes` (its items' uncompressed JSON). BENCH_P11_DATABASE=postgres runs the
// app on PostgreSQL as P11 does. `npm run bench -- P12` takes about a minute.
//
// Measured (issue 40, 2 shared cores under load, PGlite): 2,000 products, the first snapshot added 3,489,688 bytes
// (11,766,291 bytes of item JSON) in 50.3 s and 253 requests; the second added 0 bytes (0.000%) in 18.8 s and 253.
import { benchDatabase } from './load-lib';
import { fmt, type Bench, type BenchRow } from './lib';
import { createGeneratedStore, startApp, type App } from './store-history.bench';
import { startSandboxServer } from '../server/sandbox/test-server';

const PRODUCTS = Number(process.env.BENCH_P12_PRODUCTS ?? 2_000);
const GOAL = 0.01;

/** The second snapshot's added bytes over the first's, for an unchanged store of `products` products. */
export async function secondSnapshotShare(products: number) {
  // A large quota: the bench measures bytes, not pace.
  const sb = await startSandboxServer({ rateLimit: { quota: 1_000_000, windowMs: 1_000 } });
  const db = process.env.BENCH_P11_DATABASE === 'postgres' ? await benchDatabase('bct_bench_p12') : undefined;
  let app: App | undefined;
  try {
    createGeneratedStore(sb, 'p12store', products);
    app = await startApp(sb, db?.url);
    const first = await app.snapshot('p12store');
    const second = await app.snapshot('p12store');
    if (first.snapshot.counts.products !== products || second.snapshot.counts.products !== products) {
      throw new Error(
        `snapshots of ${first.snapshot.counts.products} and ${second.snapshot.counts.products} products, not ${products}`,
      );
    }
    return { first, second, share: second.snapshot.newBytes / first.snapshot.newBytes };
  } finally {
    await app?.stop().catch(() => undefined);
    await sb.close();
    await db?.dispose();
  }
}

export const secondSnapshotBench: Bench = {
  name: 'P12 second snapshot of an unchanged store',
  async run(): Promise<BenchRow[]> {
    const { first, second, share } = await secondSnapshotShare(PRODUCTS);
    const ofBytes = second.snapshot.newBytes / first.snapshot.bytes;
    return [
      {
        bench: `P12 second snapshot of the unchanged ${fmt(PRODUCTS)} products`,
        metric: 'newBytes (first vs second)',
        baseline: fmt(first.snapshot.newBytes),
        candidate: fmt(second.snapshot.newBytes),
        ratio: share,
        note:
          `${(share * 100).toFixed(3)}% of the first's newBytes (goal < 1%: ${share < GOAL ? 'met' : 'NOT MET'}), ` +
          `${(ofBytes * 100).toFixed(3)}% of its bytes (${fmt(first.snapshot.bytes)} then ` +
          `${fmt(second.snapshot.bytes)}); ${fmt(first.requests)} then ${fmt(second.requests)} requests, ` +
          `${fmt(first.seconds, 1)} then ${fmt(second.seconds, 1)} s`,
      },
    ];
  },
};
