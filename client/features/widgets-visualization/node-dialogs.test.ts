import { describe, expect, it } from 'vitest';
import type { HierarchyKind } from '../../../common/dumps/widgets-hierarchy';
import { schemaValueText } from './node-dialogs';
import { opensModal } from './use-widgets-visualization-treemap';

describe('schemaValueText', () => {
  it('keeps a string of up to 100 characters', () => {
    expect(schemaValueText('')).toBe('');
    expect(schemaValueText('Title')).toBe('Title');
    const hundred = 'a'.repeat(99) + 'z';
    expect(schemaValueText(hundred)).toBe(hundred);
  });

  it('cuts a longer string at 100 characters, the last one an ellipsis', () => {
    const cut = schemaValueText('a'.repeat(99) + 'yz');
    expect(cut).toBe(`${'a'.repeat(99)}…`);
    expect(Array.from(cut)).toHaveLength(100);
    expect(schemaValueText('b'.repeat(500))).toBe(`${'b'.repeat(99)}…`);
  });

  it('counts code points, not UTF-16 units', () => {
    const hundredEmoji = '😀'.repeat(100);
    expect(hundredEmoji).toHaveLength(200);
    expect(schemaValueText(hundredEmoji)).toBe(hundredEmoji);
    expect(schemaValueText('😀'.repeat(101))).toBe(`${'😀'.repeat(99)}…`);
  });

  it('writes numbers and booleans as text', () => {
    expect(schemaValueText(42)).toBe('42');
    expect(schemaValueText(0)).toBe('0');
    expect(schemaValueText(-1.5)).toBe('-1.5');
    expect(schemaValueText(true)).toBe('true');
    expect(schemaValueText(false)).toBe('false');
  });

  it('writes null, objects and arrays as JSON, cut at 100 characters', () => {
    expect(schemaValueText(null)).toBe('null');
    expect(schemaValueText({ type: 'input', id: 'title' })).toBe('{"type":"input","id":"title"}');
    expect(schemaValueText([1, 'b', null])).toBe('[1,"b",null]');
    expect(schemaValueText({})).toBe('{}');
    const long = { text: 'x'.repeat(200) };
    expect(schemaValueText(long)).toBe(`{"text":"${'x'.repeat(90)}…`);
  });
});

describe('opensModal', () => {
  it('opens a modal for widgets and widget templates, and drills into everything else', () => {
    const opens = (kind: HierarchyKind) => opensModal({ id: kind, name: kind, kind, value: 1 });
    expect(opens('widget')).toBe(true);
    expect(opens('template')).toBe(true);
    for (const kind of [
      'root',
      'pages',
      'page',
      'region',
      'layout',
      'dropzone',
      'templates',
      'template-kind',
    ] as const) {
      expect(opens(kind), kind).toBe(false);
    }
  });
});
