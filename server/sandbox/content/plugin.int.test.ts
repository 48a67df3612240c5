// The content API inside the core sandbox app: store lookup, auth, rate-limit headers and error rendering come from
// the core; the state is built from each store's own catalogue.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BcErrorBody } from '../core/envelope';
import { createSandbox, type Sandbox } from '../index';
import { snapshotWidgets } from './content-state';
import { contentOf, contentPlugin } from './plugin';
import type { PageRegion, WidgetTemplateView } from './types';

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

let sandbox: Sandbox;
let server: ServerType;
let origin = '';

beforeAll(async () => {
  sandbox = createSandbox({ control: false, content: contentPlugin });
  const root = new Hono();
  root.route('/sandbox', sandbox.app);
  const info = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
  });
  origin = `http://127.0.0.1:${info.port}`;
});

afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

function call(hash: string, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${origin}/sandbox/stores/${hash}/v3/content${path}`, {
    ...init,
    headers: {
      'X-Auth-Token': token,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}
const demo = (path: string, init?: RequestInit) => call('sandbox-demo', 'demo-token', path, init);
const empty = (path: string, init?: RequestInit) => call('sandbox-empty', 'empty-token', path, init);

describe('contentPlugin in createSandbox', () => {
  it('serves the demo content behind the core middleware', async () => {
    const store = sandbox.stores.get('sandbox-demo');
    const productIds = [...(store?.data.products.keys() ?? [])].sort((a, b) => a - b);
    const firstProduct = productIds[0];
    const res = await demo(`/page-widgets?template_file=pages/product&entity_id=${firstProduct}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-rate-limit-requests-quota')).toBe('150');
    const regions = (await json<{ data: { regions: PageRegion[] } }>(res)).data.regions;
    const widgets = snapshotWidgets(regions);
    expect(widgets).toHaveLength(3);
    const featured = widgets.find((w) => w.name === 'Featured Product Card');
    expect(productIds).toContain(Number(featured?.configuration.productId));
  });

  it('needs the store token', async () => {
    const res = await call('sandbox-demo', 'wrong', '/widget-templates');
    expect(res.status).toBe(401);
  });

  it('gives sandbox-empty no custom templates and no page widgets', async () => {
    const custom = await json<{ data: WidgetTemplateView[]; meta: { pagination: { total: number } } }>(
      await empty('/widget-templates?widget_template_kind=custom'),
    );
    expect(custom.data).toEqual([]);
    expect(custom.meta.pagination.total).toBe(0);
    const builtIns = await json<{ data: WidgetTemplateView[] }>(await empty('/widget-templates'));
    expect(builtIns.data.length).toBeGreaterThan(0);
    const home = await json<{ data: { regions: PageRegion[] } }>(
      await empty('/page-widgets?template_file=pages/home'),
    );
    expect(snapshotWidgets(home.data.regions)).toEqual([]);
  });

  it('renders content errors through the core onError', async () => {
    const res = await demo('/widgets/3a0f4e52-9d7b-4c1e-8f00-1234567890ab');
    expect(res.status).toBe(404);
    expect(await json<BcErrorBody>(res)).toMatchObject({ status: 404, title: 'Widget not found' });
    const query = await demo('/widgets?page=x');
    expect(query.status).toBe(422);
    expect((await json<BcErrorBody>(query)).title).toBe(
      'Query parameter "page" value must be integer. For input string: "x".',
    );
  });

  it('rebuilds the content on reset', async () => {
    const cleared = await demo('/page-widgets', {
      method: 'POST',
      body: JSON.stringify({ template_file: 'pages/home', regions: [] }),
    });
    expect(cleared.status).toBe(204);
    const before = await json<{ data: { regions: PageRegion[] } }>(
      await demo('/page-widgets?template_file=pages/home'),
    );
    expect(snapshotWidgets(before.data.regions)).toEqual([]);

    expect(sandbox.reset('sandbox-demo')).toBe(true);
    const after = await json<{ data: { regions: PageRegion[] } }>(
      await demo('/page-widgets?template_file=pages/home'),
    );
    expect(snapshotWidgets(after.data.regions)).toHaveLength(9);
    expect(contentOf(sandbox.stores.get('sandbox-demo')?.content).listWidgets()).toHaveLength(5);
  });
});
