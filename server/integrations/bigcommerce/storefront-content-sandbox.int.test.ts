// The client's content resources against the sandbox over loopback: web pages, blog posts, redirects, and the REST
// widgets, placements and widget templates a store snapshot reads and a restore writes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandboxServer, type RunningSandbox } from '../../sandbox/test-server';
import { createBigCommerceClient, type BigCommerceClient } from './client';
import { BigCommerceError } from './errors';

let sb: RunningSandbox;
let demo: BigCommerceClient;
let empty: BigCommerceClient;

beforeAll(async () => {
  sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
  const client = (storeHash: string, accessToken: string) =>
    createBigCommerceClient({ sandboxBaseUrl: sb.baseUrl, storeHash, accessToken, retry: { maxRetries: 0 } });
  demo = client('sandbox-demo', 'demo-token');
  empty = client('sandbox-empty', 'empty-token');
});
afterAll(async () => {
  await sb.close();
});
beforeEach(() => {
  sb.sandbox.reset('sandbox-demo');
  sb.sandbox.reset('sandbox-empty');
});

const code = (error: unknown) => (error instanceof BigCommerceError ? error.code : error);

describe('web pages', () => {
  it('reads, creates, updates and deletes', async () => {
    // getPages documents no order: sorted here.
    const all = (await demo.webPages.listAll({ includeBody: true })).sort((a, b) => a.id - b.id);
    expect(all.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(all[0]?.body).toMatch(/^<p>/);
    const page = await demo.webPages.list({ query: { 'id:in': [4] }, limit: 1 });
    expect(page.items.map((p) => p.name)).toEqual(['About Us']);
    expect(page.pagination?.total_pages).toBe(1);
    expect((await demo.webPages.get(2)).contact_fields).toBeDefined();

    const created = await empty.webPages.create(
      { name: 'About Us', type: 'page', body: '<p>Hi</p>' },
      { includeBody: true },
    );
    expect(created).toMatchObject({ name: 'About Us', body: '<p>Hi</p>', channel_id: 1 });
    const many = await empty.webPages.createMany([
      { name: 'Terms', type: 'raw', body: '<p>t</p>' },
      { name: 'Partner', type: 'link', link: 'https://p.example.com/' },
    ]);
    expect(many.map((p) => p.type)).toEqual(['raw', 'link']);
    expect(await empty.webPages.update(created.id, { sort_order: 4 })).toMatchObject({ sort_order: 4 });
    const updated = await empty.webPages.updateMany([{ id: created.id, is_visible: false }]);
    expect(updated).toEqual([expect.objectContaining({ id: created.id, is_visible: false })]);
    await empty.webPages.delete(created.id);
    await empty.webPages.deleteMany(
      many.map((p) => p.id),
      { deleteChildren: true },
    );
    expect(await empty.webPages.listAll()).toEqual([]);
    await expect(empty.webPages.get(created.id)).rejects.toSatisfy((e) => code(e) === 'bc_not_found');
  });
});

describe('blog posts', () => {
  it('reads every post, counts, creates, updates (publishing again) and deletes', async () => {
    const posts = await demo.blogPosts.listAll();
    expect(posts).toHaveLength(5);
    expect(await demo.blogPosts.count()).toBe(5);
    expect(await empty.blogPosts.listAll()).toEqual([]);
    expect(await demo.blogPosts.list({ query: { is_published: false } })).toHaveLength(1);

    const created = await empty.blogPosts.create({
      title: 'Hello',
      body: '<p>World</p>',
      is_published: true,
      tags: ['a'],
      published_date: 'Wed, 10 Aug 2022 15:39:15 -0500',
    });
    expect(created).toMatchObject({ title: 'Hello', is_published: true, url: '/blog/hello/' });
    const updated = await empty.blogPosts.update(created.id, {
      title: 'Hello!',
      body: 'b',
      is_published: true,
    });
    expect(updated).toMatchObject({ title: 'Hello!', is_published: true, tags: ['a'] });
    expect((await empty.blogPosts.get(created.id)).published_date_iso8601).toBe('2022-08-10T20:39:15+0000');
    await empty.blogPosts.delete(created.id);
    expect(await empty.blogPosts.count()).toBe(0);
  });
});

describe('redirects', () => {
  it('reads with to_url, upserts by site and path, deletes by id and by site', async () => {
    const all = await demo.redirects.listAll({ includeToUrl: true });
    expect(new Set(all.map((r) => r.to?.type))).toEqual(
      new Set(['product', 'category', 'brand', 'page', 'post', 'url']),
    );
    expect(all.every((r) => r.to_url?.startsWith('https://'))).toBe(true);
    expect(await empty.redirects.listAll()).toEqual([]);

    const saved = await empty.redirects.upsert([
      { from_path: '/a/', site_id: 1000, to: { type: 'url', url: '/b/' } },
      { from_path: '/c/', site_id: 1001, to: { type: 'brand', entity_id: 140 } },
    ]);
    expect(saved.map((r) => r.id)).toEqual([1, 2]);
    const again = await empty.redirects.upsert([
      { from_path: '/a/', site_id: 1000, to: { type: 'url', url: '/d/' } },
    ]);
    expect(again).toEqual([expect.objectContaining({ id: 1, to: { type: 'url', url: '/d/' } })]);
    await empty.redirects.delete([1]);
    await empty.redirects.deleteForSite(1001);
    expect(await empty.redirects.listAll()).toEqual([]);
  });
});

describe('REST widgets, placements and widget templates', () => {
  it('lists by page, gets, creates, updates and deletes widgets and placements', async () => {
    const first = await demo.widgets.list({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.pagination?.total).toBe(5);
    const placements = await demo.placements.list({ limit: 10 });
    expect(placements.items).toHaveLength(4);
    const one = placements.items[0];
    if (!one) throw new Error('no placement');
    expect((await demo.placements.get(one.uuid)).uuid).toBe(one.uuid);

    const template = (
      await demo.widgetTemplates.list({ query: { widget_template_kind: 'custom' }, limit: 1 })
    ).items[0];
    if (!template) throw new Error('no template');
    const widget = await demo.widgets.create({
      name: 'Restored',
      widget_template_uuid: template.uuid,
      channel_id: 1,
      widget_configuration: {},
    });
    const placement = await demo.placements.create({
      widget_uuid: widget.uuid,
      template_file: 'pages/home',
      channel_id: 1,
      region: 'home_below_menu',
      status: 'active',
    });
    expect((await demo.placements.update(placement.uuid, { sort_order: 3 })).sort_order).toBe(3);
    await demo.placements.delete(placement.uuid);
    await expect(demo.placements.get(placement.uuid)).rejects.toSatisfy((e) => code(e) === 'bc_not_found');
    await demo.widgets.delete(widget.uuid);
    await expect(demo.widgets.get(widget.uuid)).rejects.toSatisfy((e) => code(e) === 'bc_not_found');
  });

  it('updates a template as a new version, or in place so that its widgets follow', async () => {
    const template = await empty.widgetTemplates.create({ name: 'T', template: '<p>one</p>', channel_id: 1 });
    const widget = await empty.widgets.create({
      name: 'W',
      widget_template_uuid: template.uuid,
      channel_id: 1,
    });
    const versioned = await empty.widgetTemplates.update(template.uuid, { template: '<p>two</p>' });
    expect(versioned.current_version_uuid).not.toBe(template.current_version_uuid);
    // The widget stays on the version it was made with.
    expect((await empty.widgets.get(widget.uuid)).widget_template?.template).toBe('<p>one</p>');

    const upgraded = await empty.widgets.update(widget.uuid, { upgrade: true });
    expect(upgraded.version_uuid).toBe(versioned.current_version_uuid);
    const inPlace = await empty.widgetTemplates.updateInPlace(template.uuid, {
      template: '<p>three</p>',
      create_new_version: true,
    });
    expect(inPlace.current_version_uuid).toBe(versioned.current_version_uuid);
    expect((await empty.widgets.get(widget.uuid)).widget_template?.template).toBe('<p>three</p>');

    await empty.widgets.delete(widget.uuid);
    await empty.widgetTemplates.delete(template.uuid);
    await expect(empty.widgetTemplates.get(template.uuid)).rejects.toSatisfy(
      (e) => code(e) === 'bc_not_found',
    );
  });
});
