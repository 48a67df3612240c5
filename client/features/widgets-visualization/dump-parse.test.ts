import { describe, expect, it } from 'vitest';
import { generateWidgetsDump } from '../../../e2e/fixtures/widgets-dump-generator';
import { parseWidgetsDump } from './dump-parse';

/** The message JSON.parse gives for `text` (it differs between Node versions, so the test asks it). */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is valid JSON`);
}

const SMALL = { pages: 2, regions: 1, directWidgets: 2, layouts: 1, widgetsPerDropzone: 1 };

describe('parseWidgetsDump', () => {
  it.each(['not json', '', '{"storeHash": "abc",', "{'storeHash': 'abc'}", '[1, 2'])(
    'reports %j as invalid JSON with the JSON.parse message',
    (text) => {
      const result = parseWidgetsDump(text);
      expect(result).toEqual({ ok: false, kind: 'invalid-json', message: jsonError(text) });
      expect(jsonError(text)).not.toBe('');
    },
  );

  it('keeps the message of the end of the input', () => {
    expect(parseWidgetsDump('')).toEqual({
      ok: false,
      kind: 'invalid-json',
      message: 'Unexpected end of JSON input',
    });
  });

  it.each(['[]', '[{"storeHash": "abc"}]', 'null', '42', '"a widgets dump"', 'true'])(
    'says %j holds no object',
    (text) => {
      expect(parseWidgetsDump(text)).toEqual({
        ok: false,
        kind: 'not-widgets-dump',
        reason: 'the file holds no object',
      });
    },
  );

  it('names the first missing field of a product-like object', () => {
    const product = { id: 77, name: 'Blue shirt', sku: 'BS-1', price: 19.99, variants: [{ id: 1 }] };
    const result = parseWidgetsDump(JSON.stringify(product));
    expect(result.ok).toBe(false);
    if (result.ok || result.kind !== 'not-widgets-dump') throw new Error('expected not-widgets-dump');
    expect(result.reason).toBe('storeHash: Invalid input: expected string, received undefined');
    expect(result.reason.startsWith('storeHash: ')).toBe(true);
  });

  it('names the kind of a product dump', () => {
    const productDump = {
      formatVersion: 1,
      kind: 'bc-toolbox/product-dump',
      dumpedAt: '2026-01-01T00:00:00.000Z',
      source: { storeHash: 'abc', productId: 77 },
      id: 77,
      name: 'Blue shirt',
    };
    expect(parseWidgetsDump(JSON.stringify(productDump))).toEqual({
      ok: false,
      kind: 'not-widgets-dump',
      reason: 'kind: Invalid input: expected "bc-toolbox/widgets-dump"',
    });
  });

  it('names a nested field with its path', () => {
    const dump = generateWidgetsDump(SMALL);
    const broken = JSON.parse(JSON.stringify(dump)) as { templates: { snapshot: Record<string, unknown> }[] };
    delete broken.templates[1]!.snapshot['regions'];
    expect(parseWidgetsDump(JSON.stringify(broken))).toEqual({
      ok: false,
      kind: 'not-widgets-dump',
      reason: 'templates[1].snapshot.regions: Invalid input: expected array, received undefined',
    });
    const noSummary = { storeHash: 'abc', templates: [] };
    expect(parseWidgetsDump(JSON.stringify(noSummary))).toEqual({
      ok: false,
      kind: 'not-widgets-dump',
      reason: 'summary: Invalid input: expected object, received undefined',
    });
  });

  it('reads a valid dump, unknown fields kept', () => {
    const dump = generateWidgetsDump(SMALL, 'store-1');
    const result = parseWidgetsDump(JSON.stringify({ ...dump, extra: { kept: true } }));
    expect(result).toEqual({ ok: true, dump: { ...dump, extra: { kept: true } } });
    if (!result.ok) throw new Error('expected ok');
    expect(result.dump.storeHash).toBe('store-1');
    expect(result.dump.summary).toEqual({
      totalWidgetTemplates: 40,
      totalTemplates: 2,
      totalWidgets: 8,
      uniqueWidgetTemplates: 8,
    });
  });

  it('fills the defaults of a minimal dump', () => {
    const minimal = {
      storeHash: 'abc',
      templates: [
        {
          template_file: null,
          entity_id: null,
          entity_name: null,
          channel_id: 1,
          snapshot: { regions: [{ name: 'header_bottom--global' }] },
        },
      ],
      summary: { totalWidgetTemplates: 0, totalTemplates: 1, totalWidgets: 0, uniqueWidgetTemplates: 0 },
    };
    const result = parseWidgetsDump(JSON.stringify(minimal));
    if (!result.ok) throw new Error(`expected ok: ${JSON.stringify(result)}`);
    expect(result.dump.widgetTemplates).toEqual([]);
    expect(result.dump.notes).toEqual([]);
    expect(result.dump.templates[0]?.snapshot.regions).toEqual([
      { name: 'header_bottom--global', children: [] },
    ]);
  });
});
