// The baseline of the import memory bench (P10): the whole app, started as `server/main.ts` starts it (so the process
// is the candidate's, with its database, services and heap), and beside it, on a second port, the imports read as the
// routes read them before issue 29: the global size limit (raised out of the way: a 50 MB widgets dump was refused
// with 413 at 10 MB), the global body guard (server/http.ts: a clone of the body read as text, parsed and walked), the
// route's `c.req.json()` (the text and the parse again), the contract's zod copy, then the same services with every
// page and template held as objects. Prints the second port's address. Run with LOG_LEVEL=warn, so that the app's own
// "listening on" line does not come first.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { importProductRequestSchema } from '../../common/contracts/import-product';
import { importWidgetsRequestSchema } from '../../common/contracts/import-widgets';
import { loadEnv } from '../../server/env';
import { parseInput } from '../../server/errors';
import { importProduct } from '../../server/features/import-product/import-product.service';
import { importWidgets, inMemoryPage } from '../../server/features/import-widgets/import-widgets.service';
import { inMemoryTemplate } from '../../server/features/import-widgets/import-widgets.templates';
import { createPageBackupStore } from '../../server/features/import-widgets/page-backup-store';
import { jsonBodyGuard } from '../../server/http';
import { setUpBigCommerce } from '../../server/integrations/bigcommerce/setup';
import { startServer } from '../../server/server';
import { readJsonBody } from '../../server/tool-route';

const env = loadEnv();
const running = await startServer(env);
const backups = createPageBackupStore(running.database.db);
const { clients } = setUpBigCommerce(env, running.url, running.logger);

const whole = new Hono();
whole.use('*', bodyLimit({ maxSize: 128 * 1024 * 1024 }), jsonBodyGuard);
whole.post('/api/import-product', async (c) => {
  const request = parseInput(importProductRequestSchema, await readJsonBody(c));
  const client = clients.forStore(request.store);
  return c.json({ results: await importProduct(client, request.productData, request.options) });
});
whole.post('/api/import-widgets', async (c) => {
  const request = parseInput(importWidgetsRequestSchema, await readJsonBody(c));
  const command = {
    pages: request.pages.map(inMemoryPage),
    autoCreateMissingTemplates: request.autoCreateMissingTemplates,
    sourceWidgetTemplates: request.sourceWidgetTemplates.map(inMemoryTemplate),
  };
  return c.json(
    await importWidgets(clients.forStore(request.store), command, { backups, owner: 'visitor:bench' }),
  );
});

const server = serve({ fetch: whole.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.once('SIGTERM', () => server.close(() => void running.close().then(() => process.exit(0))));
