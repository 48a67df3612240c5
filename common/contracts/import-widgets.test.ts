import { describe, expect, it } from 'vitest';
import {
  importWidgetsRequestSchema,
  isJsonFileName,
  normaliseChannelId,
  readWidgetsImportFile,
  widgetsBackupFileName,
} from './import-widgets';

const page = {
  template_file: 'pages/home',
  entity_id: null,
  entity_name: null,
  channel_id: 1,
  snapshot: { regions: [] },
};

describe('the Import Widgets file (spec part 1 §5)', () => {
  it('takes a Dump Widgets file or a bare array of pages', () => {
    const dump = readWidgetsImportFile({ templates: [page], widgetTemplates: [] });
    expect(dump).toMatchObject({ ok: true, file: { pages: [page], sourceWidgetTemplates: [] } });
    expect(readWidgetsImportFile([page])).toMatchObject({ ok: true, file: { pages: [page] } });
  });

  it('says what is wrong in the spec’s words', () => {
    for (const content of [null, 'text', 42, { pages: [] }, { templates: 'x' }, [{ nope: true }]]) {
      expect(readWidgetsImportFile(content)).toEqual({
        ok: false,
        message: 'Invalid JSON format. Required format from Dump Widgets or array of pages',
      });
    }
    expect(readWidgetsImportFile([])).toEqual({ ok: false, message: 'JSON file contains no pages' });
    expect(readWidgetsImportFile({ templates: [] })).toEqual({
      ok: false,
      message: 'JSON file contains no pages',
    });
  });

  it('knows a .json file name and makes any invalid channel id 1', () => {
    expect(isJsonFileName('dump.JSON')).toBe(true);
    expect(isJsonFileName('dump.json.txt')).toBe(false);
    expect([normaliseChannelId('1702953'), normaliseChannelId(' 2 '), normaliseChannelId(3)]).toEqual([
      1702953, 2, 3,
    ]);
    for (const bad of ['', '0', '-4', '1.5', 'abc', null, undefined, 0])
      expect(normaliseChannelId(bad)).toBe(1);
  });
});

describe('the Import Widgets request (spec part 1 §5, §7)', () => {
  const store = { storeHash: 'abc123', accessToken: 'token' };
  const page = { template_file: 'pages/product', entity_id: ' 12 ', channel_id: '2', regions: [] };

  it('needs at least one page, with its own code', () => {
    for (const pages of [undefined, null, []]) {
      const parsed = importWidgetsRequestSchema.safeParse({ store, pages });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        message: 'Please select at least one page to import',
        params: { code: 'page_required' },
      });
    }
  });

  it('reads a page: trimmed entity id (blank is none), channel id at least 1, defaults', () => {
    const parsed = importWidgetsRequestSchema.parse({
      store,
      pages: [page, { ...page, template_file: ' ', entity_id: '', channel_id: 'x' }],
    });
    expect(parsed.pages).toEqual([
      { template_file: 'pages/product', entity_id: '12', channel_id: 2, regions: [] },
      { template_file: null, entity_id: null, channel_id: 1, regions: [] },
    ]);
    expect(parsed).toMatchObject({ autoCreateMissingTemplates: false, sourceWidgetTemplates: [] });
  });

  it('names a backup file for the store, the page and the time', () => {
    const at = new Date('2024-06-11T09:05:03.120Z');
    expect(widgetsBackupFileName('abc123', 'pages/product', '12', at)).toBe(
      'bc-widgets-backup-abc123-pages-product-12-2024-06-11T09-05-03-120Z.json',
    );
    expect(widgetsBackupFileName('abc123', null, null, at)).toBe(
      'bc-widgets-backup-abc123-global-2024-06-11T09-05-03-120Z.json',
    );
  });
});
