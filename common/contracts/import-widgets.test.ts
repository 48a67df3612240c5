import { describe, expect, it } from 'vitest';
import { isJsonFileName, normaliseChannelId, readWidgetsImportFile } from './import-widgets';

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
