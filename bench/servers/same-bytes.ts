// A second baseline for the health bench: a bare Hono on @hono/node-server answering, for every request, the headers
// and body the app's `GET /api/health` answered (read from the JSON file SAME_BYTES_FILE: `{status, headers, body}`).
// What separates it from hello-world is the answer's size alone; what separates the app from it is the app's work.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const answer = JSON.parse(readFileSync(process.env.SAME_BYTES_FILE ?? '', 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const app = new Hono().get(
  '*',
  () => new Response(answer.body, { status: answer.status, headers: answer.headers }),
);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
