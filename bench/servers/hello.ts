// The baseline for the health bench: a bare Hono hello-world on @hono/node-server.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.json({ hello: 'world' }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
