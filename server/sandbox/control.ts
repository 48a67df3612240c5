// The control API (tests and benchmarks only): create and reset stores, set quota, window, latency and faults, read
// statistics. Mounted under `/__control` when `createSandbox({control: true})`. Documented in README.md.
import { z } from 'zod';
import type { SandboxApp } from './core/app-env';
import { isValidStoreHash } from '../../common/stores/store-hash';
import { bcErrorBody } from './core/envelope';
import type { StoreRegistry } from './core/store-registry';

const settingsSchema = z
  .object({
    quota: z.number().int().min(1),
    windowMs: z.number().int().min(1),
    latencyMs: z.number().int().min(0).max(60_000),
    errorRate: z.number().min(0).max(1),
    errorStatus: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]),
    errorNext: z.number().int().min(0),
    errorAfter: z.number().int().min(0),
    storm: z.object({ count: z.number().int().min(0), resetMs: z.number().int().min(0).optional() }),
    dropRate: z.number().min(0).max(1),
    dropNext: z.number().int().min(0),
    dropPhase: z.enum(['before', 'after']),
    match: z.object({ method: z.string().optional(), path: z.string().optional() }).nullable(),
  })
  .partial()
  .strict();

const createStoreSchema = z.object({
  // Only hashes the client accepts (store-hash.ts): real-looking `[a-z0-9]{1,64}` or `sandbox-` + letters, digits
  // and inner hyphens. A store the client could never reach would be a trap.
  hash: z.string().refine(isValidStoreHash, {
    message:
      'must be lowercase letters and digits (1–64), or sandbox- followed by letters, digits and inner hyphens',
  }),
  token: z.string().min(1),
  readOnlyToken: z.string().min(1).optional(),
  kind: z.enum(['demo', 'empty']).default('empty'),
  name: z.string().min(1).optional(),
});

export function registerControlRoutes(app: SandboxApp, stores: StoreRegistry): void {
  const describe = (hash: string) => {
    const store = stores.get(hash)!;
    const faults = store.faults.current;
    return {
      hash: store.spec.hash,
      kind: store.spec.kind,
      products: store.data.products.size,
      settings: {
        ...store.limiter.current,
        latencyMs: faults.latencyMs,
        errorRate: faults.errorRate,
        errorStatus: faults.errorStatus,
        errorNext: faults.errorNext,
        errorAfter: faults.errorAfter,
        storm: { count: faults.stormNext, resetMs: faults.stormResetMs },
        dropRate: faults.dropRate,
        dropNext: faults.dropNext,
        dropPhase: faults.dropPhase,
        match: faults.match,
      },
    };
  };
  const unknown = (hash: string) => bcErrorBody(404, `Unknown store "${hash}"`);
  const readBody = async (req: Request): Promise<unknown> => {
    const text = await req.text();
    if (text.trim() === '') return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return Symbol.for('invalid-json');
    }
  };

  app.get('/__control/stores', (c) => c.json({ data: stores.list().map((s) => describe(s.spec.hash)) }, 200));

  app.post('/__control/stores', async (c) => {
    const parsed = createStoreSchema.safeParse(await readBody(c.req.raw));
    if (!parsed.success)
      return c.json(
        bcErrorBody(422, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')),
        422,
      );
    stores.create(parsed.data);
    return c.json({ data: describe(parsed.data.hash) }, 201);
  });

  app.delete('/__control/stores/:hash', (c) => {
    const hash = c.req.param('hash');
    if (!stores.delete(hash)) return c.json(unknown(hash), 404);
    return c.body(null, 204);
  });

  app.post('/__control/stores/:hash/reset', (c) => {
    const hash = c.req.param('hash');
    if (!stores.reset(hash)) return c.json(unknown(hash), 404);
    return c.json({ data: describe(hash) }, 200);
  });

  app.get('/__control/stores/:hash/settings', (c) => {
    const hash = c.req.param('hash');
    if (!stores.get(hash)) return c.json(unknown(hash), 404);
    return c.json({ data: describe(hash).settings }, 200);
  });

  app.put('/__control/stores/:hash/settings', async (c) => {
    const hash = c.req.param('hash');
    const store = stores.get(hash);
    if (!store) return c.json(unknown(hash), 404);
    const parsed = settingsSchema.safeParse(await readBody(c.req.raw));
    if (!parsed.success)
      return c.json(
        bcErrorBody(
          422,
          parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
        ),
        422,
      );
    const s = parsed.data;
    if (s.quota !== undefined || s.windowMs !== undefined) {
      store.limiter.configure({
        ...(s.quota !== undefined ? { quota: s.quota } : {}),
        ...(s.windowMs !== undefined ? { windowMs: s.windowMs } : {}),
      });
    }
    store.faults.configure({
      ...(s.latencyMs !== undefined ? { latencyMs: s.latencyMs } : {}),
      ...(s.errorRate !== undefined ? { errorRate: s.errorRate } : {}),
      ...(s.errorStatus !== undefined ? { errorStatus: s.errorStatus } : {}),
      ...(s.errorNext !== undefined ? { errorNext: s.errorNext } : {}),
      ...(s.errorAfter !== undefined ? { errorAfter: s.errorAfter } : {}),
      ...(s.storm !== undefined
        ? {
            stormNext: s.storm.count,
            ...(s.storm.resetMs !== undefined ? { stormResetMs: s.storm.resetMs } : {}),
          }
        : {}),
      ...(s.dropRate !== undefined ? { dropRate: s.dropRate } : {}),
      ...(s.dropNext !== undefined ? { dropNext: s.dropNext } : {}),
      ...(s.dropPhase !== undefined ? { dropPhase: s.dropPhase } : {}),
      ...(s.match !== undefined ? { match: s.match } : {}),
    });
    return c.json({ data: describe(hash).settings }, 200);
  });

  app.get('/__control/stores/:hash/stats', (c) => {
    const hash = c.req.param('hash');
    const store = stores.get(hash);
    if (!store) return c.json(unknown(hash), 404);
    return c.json({ data: store.stats.snapshot() }, 200);
  });
}
