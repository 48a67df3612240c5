// Issue 40's rule for widgets, placements and web pages: a reference to an item gone since the snapshot (and not
// restored with it) is left out and named in the item's outcome, never the whole item's failure. A web page whose
// parent is gone is made again at the top; a placement whose snapshot widget is gone keeps the widget it has now and
// gets its other fields back. A placement whose widget is gone, or a widget whose template is, cannot be made without
// it (widgets.v3.yml placement_Post and widget_Post require them), nor a placement on one product's page whose product
// is gone (it would show on every product's page): nothing is sent, and the outcome says why.
// Over HTTP against the app's sandbox, on both databases.
import { describe, expect, it } from 'vitest';
import {
  restorePreviewResponseSchema,
  restoreStartResponseSchema,
  type RestoreItem,
} from '../../../common/contracts/store-history';
import { testDatabaseKinds } from '../../test/harness';
import { DEMO_STORE as DEMO, useToolTestServer } from '../../test/store-tools';
import { storeHistoryCalls } from './store-history.test-kit';

type Obj = Record<string, unknown>;
const gone = (field: string, kind: string, id: unknown) =>
  `${field}: ${kind} #${String(id)} is no longer in the store, so it was left out`;

describe.each(testDatabaseKinds())('a restore of content whose references are gone since (%s)', (kind) => {
  const app = useToolTestServer(kind);
  const { sandbox } = app;
  const { storeWrite, follow, take, restore } = storeHistoryCalls(app);
  const made = async (path: string, body: Obj) => (await storeWrite('POST', path, body)).data;
  const remove = async (path: string) => {
    const res = await app.server.request(`/sandbox/stores/${DEMO.storeHash}${path}`, {
      method: 'DELETE',
      headers: { 'X-Auth-Token': DEMO.accessToken },
    });
    expect(res.status, path).toBeLessThan(300);
  };
  const read = async (path: string) => (await sandbox<{ data: Obj }>(path)).data;

  it('leaves out a reference gone since and names it, and sends no create that cannot be made without it', async () => {
    // Two custom templates: one kept, one deleted since (with the widget on it).
    const kept = await made('/v3/content/widget-templates', {
      name: 'Refs Kept',
      template: '<p>{{t}}</p>',
      channel_id: 1,
    });
    const lost = await made('/v3/content/widget-templates', {
      name: 'Refs Lost',
      template: '<b>{{t}}</b>',
      channel_id: 1,
    });
    const widget = (name: string, template: Obj) =>
      made('/v3/content/widgets', {
        name,
        widget_template_uuid: template.uuid,
        widget_configuration: { t: name },
        channel_id: 1,
      });
    const onLost = await widget('Refs On Lost', lost);
    const placed = await widget('Refs Placed', kept);
    const first = await widget('Refs First', kept);
    const second = await widget('Refs Second', kept);
    const placement = (of: Obj, sortOrder: number) =>
      made('/v3/content/placements', {
        widget_uuid: of.uuid,
        template_file: 'pages/home',
        region: 'home_below_menu',
        sort_order: sortOrder,
        status: 'active',
        channel_id: 1,
      });
    const orphan = await placement(placed, 5);
    const moved = await placement(first, 6);
    // A placement on one product's page (entity_id), that product deleted since, and the placement with it.
    const productId = 81;
    const onProduct = await made('/v3/content/placements', {
      widget_uuid: second.uuid,
      template_file: 'pages/product',
      entity_id: String(productId),
      region: 'product_below_price',
      sort_order: 3,
      status: 'active',
      channel_id: 1,
    });
    const parent = await made('/v3/content/pages', {
      name: 'Refs Parent',
      type: 'page',
      body: '<p>P</p>',
      channel_id: 1,
    });
    const child = await made('/v3/content/pages?include=body', {
      name: 'Refs Child',
      type: 'page',
      body: '<p>C</p>',
      parent_id: parent.id,
      is_visible: true,
      channel_id: 1,
    });
    const childBefore = await read(`/v3/content/pages/${String(child.id)}?include=body`);
    expect(childBefore.parent_id).toBe(parent.id);

    const { snapshotId, cookie } = await take(null, ['widgets', 'content']);

    // Since the snapshot: the widget with a placement deleted (its placement with it), the widget on the lost template
    // and that template deleted, the other placement moved to another widget and its first widget deleted, the child
    // page and its parent deleted.
    await remove(`/v3/content/widgets/${String(placed.uuid)}`);
    await remove(`/v3/content/widgets/${String(onLost.uuid)}`);
    await remove(`/v3/content/widget-templates/${String(lost.uuid)}`);
    await storeWrite('PUT', `/v3/content/placements/${String(moved.uuid)}`, {
      widget_uuid: second.uuid,
      sort_order: 9,
    });
    await remove(`/v3/content/widgets/${String(first.uuid)}`);
    await remove(`/v3/content/pages/${String(child.id)}`);
    await remove(`/v3/content/pages/${String(parent.id)}`);
    await remove(`/v3/content/placements/${String(onProduct.uuid)}`);
    await remove(`/v3/catalog/products/${productId}`);

    // Restored: the placement, the widget, the moved placement and the child page; not what they refer to.
    const items: RestoreItem[] = [
      { kind: 'placement', key: { id: String(orphan.uuid) } },
      { kind: 'widget', key: { id: String(onLost.uuid) } },
      { kind: 'placement', key: { id: String(moved.uuid) } },
      { kind: 'web-page', key: { id: Number(child.id) } },
      { kind: 'placement', key: { id: String(onProduct.uuid) } },
    ];
    const previewed = await restore(snapshotId, cookie, { preview: true, items });
    expect(previewed.status, await previewed.clone().text()).toBe(200);
    const preview = restorePreviewResponseSchema.parse(await previewed.json());
    expect(
      Object.fromEntries(
        preview.preview.items.map((i) => [`${i.kind} ${String((i.key as { id?: unknown }).id)}`, i.action]),
      ),
    ).toEqual({
      [`placement ${String(orphan.uuid)}`]: 'create',
      [`widget ${String(onLost.uuid)}`]: 'create',
      [`placement ${String(moved.uuid)}`]: 'update',
      [`web-page ${String(child.id)}`]: 'create',
      [`placement ${String(onProduct.uuid)}`]: 'create',
    });
    const started = await restore(snapshotId, cookie, { preview: false, previewId: preview.previewId });
    expect(started.status, await started.clone().text()).toBe(202);
    const job = await follow(restoreStartResponseSchema.parse(await started.json()).job.id, cookie);
    expect(job.state).toBe('done');

    const outcomeOf = (id: unknown) => job.outcomes!.find((o) => o.key.id === id);
    // The child page: made again at the top of the tree, everything else as the snapshot held it.
    const childOutcome = outcomeOf(child.id)!;
    const newChild = Number(/^Made again as #(\d+)/.exec(childOutcome.reason ?? '')?.[1]);
    expect(childOutcome).toMatchObject({
      outcome: 'written',
      reason: `Made again as #${newChild}; ${gone('parent_id', 'web-page', parent.id)}`,
    });
    const childNow = await read(`/v3/content/pages/${newChild}?include=body`);
    const { id: _was, parent_id: _parent, url: _url, ...same } = childBefore;
    expect(childNow).toMatchObject({ ...same, parent_id: 0 });
    // The moved placement: its sort order back, its widget left as it is now (the snapshot's is gone).
    expect(outcomeOf(moved.uuid)).toMatchObject({
      outcome: 'written',
      reason: gone('widget_uuid', 'widget', first.uuid),
    });
    const movedNow = await read(`/v3/content/placements/${String(moved.uuid)}`);
    expect(movedNow).toMatchObject({ sort_order: 6, region: 'home_below_menu', status: 'active' });
    expect((movedNow.widget as Obj).uuid).toBe(second.uuid);
    // The placement of a widget gone and the widget of a template gone: not made, and not a failure.
    expect(outcomeOf(orphan.uuid)).toMatchObject({
      outcome: 'skipped',
      reason: `${gone('widget_uuid', 'widget', placed.uuid)}; a placement cannot be made without it, so it was not made again`,
    });
    expect(outcomeOf(onLost.uuid)).toMatchObject({
      outcome: 'skipped',
      reason: `${gone('widget_template_uuid', 'widget-template', lost.uuid)}; a widget cannot be made without it, so it was not made again`,
    });
    // Made without its product, the placement would show on every product's page: not made either.
    expect(outcomeOf(onProduct.uuid)).toMatchObject({
      outcome: 'skipped',
      reason: `${gone('entity_id', 'product', productId)}; a placement cannot be made without it, so it was not made again`,
    });
    const onProductPages = (
      await sandbox<{ data: Obj[] }>('/v3/content/placements?template_file=pages/product&limit=250')
    ).data;
    expect(onProductPages.filter((p) => p.region === 'product_below_price' && p.sort_order === 3)).toEqual(
      [],
    );
    expect(job.outcomes!.filter((o) => o.outcome === 'failed')).toEqual([]);
    const widgets = (await sandbox<{ data: Obj[] }>('/v3/content/widgets?name=Refs%20On%20Lost')).data;
    expect(widgets).toEqual([]);
    const placements = (
      await sandbox<{ data: Obj[] }>('/v3/content/placements?template_file=pages/home&limit=250')
    ).data;
    expect(placements.filter((p) => p.sort_order === 5 && p.region === 'home_below_menu')).toEqual([]);
  });
});
