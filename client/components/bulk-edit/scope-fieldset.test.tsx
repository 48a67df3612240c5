import { describe, expect, it } from 'vitest';
import { byTestId, render, textOf } from '../../lib/render-test';
import { ScopeFieldset } from './scope-fieldset';

const noop = () => undefined;

describe('ScopeFieldset', () => {
  it('offers the four scopes with the value field', () => {
    const html = render(
      <ScopeFieldset scope={{ targetOption: 'specific', targetValue: '1, 2' }} onChange={noop} />,
    );
    const options = [...html.matchAll(/data-testid="scope-([a-z]+)"/g)].map((m) => m[1]);
    expect(options).toEqual(['category', 'brand', 'specific', 'all']);
    expect(html).toMatch(/<input type="radio" data-testid="scope-specific"[^>]*checked=""/);
    expect(html).toMatch(/<input[^>]*data-testid="target-value"[^>]*value="1, 2"/);
    expect(textOf(html)).toContain('Product IDs separated by commas, e.g. 112, 113, 120');
  });

  it('hides the value for all visible products', () => {
    const html = render(<ScopeFieldset scope={{ targetOption: 'all', targetValue: '5' }} onChange={noop} />);
    expect(html).not.toContain('target-value');
  });

  it('marks the value invalid with its error', () => {
    const html = render(
      <ScopeFieldset
        scope={{ targetOption: 'category', targetValue: '' }}
        onChange={noop}
        error="Please enter a value for the chosen target"
      />,
      'en',
    );
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*data-testid="target-value"/);
    expect(textOf(html)).toContain('Please enter a value for the chosen target');
    expect(byTestId(html, 'scope-category')).toBeDefined();
  });

  it('speaks Vietnamese', () => {
    const html = render(
      <ScopeFieldset scope={{ targetOption: 'brand', targetValue: '' }} onChange={noop} />,
      'vi',
    );
    expect(textOf(html)).toContain('Theo ID thương hiệu');
  });
});
