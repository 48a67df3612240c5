// The BigCommerce sandbox alone, for the import memory bench (P10): the stores the imports write into live in this
// process, so their growth is not counted against the server measured. A store may grow by 4 GB (a 50 MB widgets dump
// is far past the 16 MB a sandbox store takes by default).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createSandbox } from '../../server/sandbox';

const sandbox = createSandbox({ control: true, storeBudgetBytes: 4 * 1024 * 1024 * 1024 });
const root = new Hono().route('/sandbox', sandbox.app);
const server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
