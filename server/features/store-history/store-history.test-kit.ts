// What the Store History integration tests share (snapshots and restores over HTTP against the app's sandbox): a
// request with the visitor's cookie, a write to the demo store, and a job's event stream followed to its end.
import { expect } from 'vitest';
import { jobEventsPath, type JobView } from '../../../common/contracts/jobs';
import { DEMO_STORE as DEMO, type Json, type useToolTestServer } from '../../test/store-tools';

/** A product as the tests read it from the sandbox. */
export type Product = {
  id: number;
  name: string;
  description: string;
  variants: { id: number; sku: string; price: number | null }[];
};

export function storeHistoryCalls(app: ReturnType<typeof useToolTestServer>) {
  const call = async (path: string, init: RequestInit & { cookie?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.body) headers.set('content-type', 'application/json');
    return app.server.request(path, { ...init, headers });
  };
  const storeWrite = async (method: string, path: string, body: unknown) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method,
      headers: { 'X-Auth-Token': DEMO.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.status === 204 ? { data: {} } : ((await res.json()) as { data: Json });
  };
  /** A widget of this template added to the home page's first region (page-widgets.v3.yml createPageWidgets). */
  const addHomeWidget = async (
    regions: readonly { name: string; children: Json[] }[],
    name: string,
    templateUuid: string,
  ) => {
    const next = structuredClone(regions) as { name: string; children: Json[] }[];
    next[0]!.children.push({ type: 'widget', name, widget_template_uuid: templateUuid, configuration: {} });
    await storeWrite('POST', '/v3/content/page-widgets', {
      channel_id: 1,
      template_file: 'pages/home',
      regions: next,
    });
  };
  /** Follows a job's event stream to its end: the last view. */
  const follow = async (jobId: string, cookie: string | null): Promise<JobView> => {
    const events = await (await call(jobEventsPath(jobId), { cookie })).text();
    const views = events
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as JobView);
    return views.at(-1)!;
  };
  return { call, storeWrite, addHomeWidget, follow };
}
