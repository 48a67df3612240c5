import { describe, expect, it } from 'vitest';
import { render, textOf } from '../../lib/render-test';
import { FieldChangeView } from './field-change';

describe('FieldChangeView', () => {
  it('labels the field and shows an emptied value as "(empty)", in each language', () => {
    const field = { path: 'page_title', before: 'A lamp for winter evenings', after: '' };
    const html = render(<FieldChangeView field={field} />);
    expect(textOf(html)).toBe('Page title Before A lamp for winter evenings After (empty)');
    expect(html).toContain('data-path="page_title"');
    expect(textOf(render(<FieldChangeView field={field} />, 'vi'))).toContain('Tiêu đề trang');
    expect(textOf(render(<FieldChangeView field={field} />, 'vi'))).toContain('(trống)');
  });

  it('keeps "(none)" for a value that is not there', () => {
    const html = render(<FieldChangeView field={{ path: 'price', before: null, after: 21 }} />);
    expect(textOf(html)).toBe('Price Before (none) After 21');
  });
});
