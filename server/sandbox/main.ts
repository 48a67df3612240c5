// Runs the sandbox store alone: `npm run sandbox -- --port 3100`. The control API is on (it is a test tool).
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createSandbox } from './index';

function parsePort(argv: string[]): number {
  const i = argv.indexOf('--port');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--port='))?.slice('--port='.length);
  const port = raw === undefined ? 3100 : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Invalid --port "${raw}": expected an integer from 0 to 65535.`);
    process.exit(2);
  }
  return port;
}

const port = parsePort(process.argv.slice(2));
const sandbox = createSandbox({ control: true });
// Same paths as inside the app: /sandbox/stores/{hash}/v3/...
const root = new Hono();
root.route('/sandbox', sandbox.app);

const server = serve({ fetch: root.fetch, port, hostname: '127.0.0.1' }, (info) => {
  const base = `http://127.0.0.1:${info.port}/sandbox`;
  console.log(`BigCommerce sandbox listening on ${base}`);
  for (const s of sandbox.stores.list()) {
    console.log(
      `  ${base}/stores/${s.spec.hash}/v3  (X-Auth-Token: ${s.spec.token}, ${s.data.products.size} products)`,
    );
  }
  console.log(`  control API: ${base}/__control/stores`);
});

const stop = () => {
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
