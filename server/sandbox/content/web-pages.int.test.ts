// Web pages over HTTP, as pages.v3.yml documents them (getPages, createPages, updatePages, deletePages, getPage,
// updatePage, deletePage).
import { describe, expect, it } from 'vitest';
import { json, type List, type One, useContentServer } from './content-test-server';

const server = useContentServer();

type Page = Record<string, unknown> & { id: number; name: string; type: string };

describe('web pages: reading', () => {
  it('lists the demo pages without bodies unless include=body asks for them', async () => {
    const list = await json<List<Page>>(await server.request('/pages'));
    // getPages documents no order: sorted here.
    expect(list.data.sort((a, b) => a.id - b.id).map((p) => [p.id, p.name, p.type])).toEqual([
      [1, 'Shipping & Returns', 'page'],
      [2, 'Contact Us', 'contact_form'],
      [3, 'Blog', 'blog'],
      [4, 'About Us', 'page'],
      [5, 'Size Guide', 'page'],
      [6, 'Privacy Policy', 'page'],
    ]);
    expect(list.data[0]).not.toHaveProperty('body');
    expect(list.data[1]).toMatchObject({
      email: 'hello@sandbox-demo.example',
      contact_fields: 'fullname,phone,orderno',
    });
    const filtered = await json<List<Page>>(await server.request('/pages?id:in=1,4&include=body'));
    expect(filtered.data.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 4]);
    expect(filtered.data.every((p) => typeof p.body === 'string' && p.body.startsWith('<p>'))).toBe(true);
  });

  it('filters by name, name:like (name or body) and channel_id, and ignores what it does not document', async () => {
    const like = await json<List<Page>>(await server.request('/pages?name:like=us'));
    expect(like.data.map((p) => p.name)).toEqual(expect.arrayContaining(['Contact Us', 'About Us']));
    const exact = await json<List<Page>>(await server.request('/pages?name=Blog'));
    expect(exact.data.map((p) => p.id)).toEqual([3]);
    expect((await json<List<Page>>(await server.request('/pages?channel_id=2'))).data).toEqual([]);
    // `name:in` is common elsewhere and refused here (pages.v3.yml:58-63); `foo` is simply ignored.
    expect((await server.request('/pages?name:in=Blog')).status).toBe(400);
    expect((await json<List<Page>>(await server.request('/pages?foo=1'))).data).toHaveLength(6);
  });

  it('gets one page, 404s an unknown one and one that misses the filters, 422s a bad id', async () => {
    const page = await json<One<Page>>(await server.request('/pages/4?include=body'));
    expect(page.data).toMatchObject({ id: 4, name: 'About Us', url: '/about-us/', channel_id: 1 });
    expect(page.data.body).toMatch(/^<p>/);
    const missing = await server.request('/pages/99');
    expect(missing.status).toBe(404);
    expect(await json<{ title: string }>(missing)).toMatchObject({
      status: 404,
      title: 'A Page was not found with an ID of 99',
    });
    expect((await server.request('/pages/4?channel_id=2')).status).toBe(404);
    const bad = await server.request('/pages/bar');
    expect(bad.status).toBe(422);
    expect(await json<{ errors: unknown }>(bad)).toMatchObject({ title: 'Invalid Input.', errors: ['bar'] });
  });
});

describe('web pages: writing', () => {
  it('creates one page from an object and several from an array, with the type defaults', async () => {
    const one = await server.send('POST', '/pages?include=body', {
      name: 'Careers',
      type: 'page',
      body: '<p>Join us</p>',
    });
    expect(one.status).toBe(201);
    const created = (await json<One<Page>>(one)).data;
    expect(created).toMatchObject({
      id: 7,
      channel_id: 1,
      name: 'Careers',
      type: 'page',
      is_visible: true,
      url: '/careers/',
      body: '<p>Join us</p>',
    });
    const many = await server.send('POST', '/pages', [
      { name: 'Raw Feed', type: 'raw', body: '<rss/>', content_type: 'application/rss+xml' },
      { name: 'Partner Site', type: 'link', link: 'https://partner.example.com/' },
    ]);
    expect(many.status).toBe(201);
    const list = (await json<List<Page>>(many)).data;
    expect(list.map((p) => [p.id, p.type])).toEqual([
      [8, 'raw'],
      [9, 'link'],
    ]);
    expect(list[0]).toMatchObject({ content_type: 'application/rss+xml' });
    expect(list[0]).not.toHaveProperty('meta_title');
    expect(list[1]).toMatchObject({ link: 'https://partner.example.com/' });
    expect(list[1]).not.toHaveProperty('url');
  });

  it('answers 422 for a bad entry of a batch and still creates the valid ones', async () => {
    const res = await server.send('POST', '/pages', [
      { name: 'Valid One', type: 'page' },
      { name: 'No Body', type: 'raw' },
      { name: 'About Us', type: 'page' },
    ]);
    expect(res.status).toBe(422);
    const body = await json<{ detail: string; data: Page[] }>(res);
    expect(body.detail).toBe('missing the required field: body');
    expect(body.data.map((p) => p.name)).toEqual(['Valid One']);
    expect(server.state.listWebPages().map((p) => p.name)).toContain('Valid One');
    expect((await server.send('POST', '/pages', { name: 'x' })).status).toBe(422);
    expect((await server.send('POST', '/pages', { name: 'Blog 2', type: 'blog' })).status).toBe(422);
    expect(
      (await server.send('POST', '/pages', { name: 'Elsewhere', type: 'page', channel_id: 99 })).status,
    ).toBe(422);
  });

  it('updates one page (only the fields sent) and several (a list, all checked first)', async () => {
    const one = await server.send('PUT', '/pages/5', { meta_description: 'Sizes' });
    expect(one.status).toBe(200);
    expect((await json<One<Page>>(one)).data).toMatchObject({
      id: 5,
      name: 'Size Guide',
      meta_description: 'Sizes',
    });
    const many = await server.send('PUT', '/pages', [
      { id: 5, sort_order: 9 },
      { id: 6, is_visible: true },
    ]);
    expect(many.status).toBe(200);
    expect((await json<List<Page>>(many)).data.map((p) => [p.id, p.sort_order, p.is_visible])).toEqual([
      [5, 9, true],
      [6, 5, true],
    ]);
    const single = await server.send('PUT', '/pages', { id: 1, sort_order: 3 });
    expect(Array.isArray((await json<List<Page>>(single)).data)).toBe(true);
    expect((await server.send('PUT', '/pages', [{ id: 5, name: 'Blog' }])).status).toBe(422);
    expect((await server.send('PUT', '/pages', [{ id: 5, name: 'X' }, { id: 404 }])).status).toBe(404);
    expect(server.state.listWebPages({ ids: [5] })[0]?.name).toBe('Size Guide');
    expect((await server.send('PUT', '/pages', [{ name: 'No id' }])).status).toBe(422);
    expect((await server.send('PUT', '/pages/1', { type: 'raw', body: '' })).status).toBe(422);
    expect((await server.send('PUT', '/pages/99', { name: 'Nope' })).status).toBe(404);
  });

  it('deletes: children lose their parent and hide, or go with delete_children', async () => {
    await server.send('PUT', '/pages', [
      { id: 5, parent_id: 4 },
      { id: 6, parent_id: 5 },
    ]);
    expect((await server.request('/pages/4', { method: 'DELETE' })).status).toBe(204);
    expect(server.state.listWebPages({ ids: [5] })[0]).toMatchObject({ parent_id: 0, is_visible: false });
    await server.send('PUT', '/pages/6', { parent_id: 5 });
    expect((await server.request('/pages?id:in=5&delete_children=true', { method: 'DELETE' })).status).toBe(
      204,
    );
    const ids = () =>
      server.state
        .listWebPages()
        .map((p) => p.id)
        .sort((a, b) => a - b);
    expect(ids()).toEqual([1, 2, 3]);
    const missing = await server.request('/pages?id:in=1,100', { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect((await json<{ title: string }>(missing)).title).toBe('A Page was not found with an ID of 100');
    expect(ids()).toEqual([2, 3]);
    expect((await server.request('/pages', { method: 'DELETE' })).status).toBe(422);
    // Ids are not reused after a delete.
    const next = await server.send('POST', '/pages', { name: 'Fresh', type: 'page' });
    expect((await json<One<Page>>(next)).data.id).toBe(7);
  });
});
