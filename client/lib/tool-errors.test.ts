import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { ApiError } from './api';
import { ToolFailureError, toolData, toolErrorText } from './tool-errors';

describe('toolErrorText (spec part 1 §8)', () => {
  const en = createI18n('en').t;
  const vi = createI18n('vi').t;

  it('shows the server text, and the user-language text for a missing store', () => {
    const refused = new ApiError(
      401,
      { success: false, error: 'BigCommerce rejected the API token (401).', code: 'bc_unauthorized' },
      'x',
    );
    expect(toolErrorText(refused, en)).toBe('BigCommerce rejected the API token (401).');
    const noStore = new ApiError(
      400,
      { success: false, error: 'Please select a store', code: 'store_required' },
      'x',
    );
    expect(toolErrorText(noStore, vi)).toBe('Vui lòng chọn store');
    expect(
      toolErrorText(
        new ToolFailureError({ success: false, error: 'Late failure', code: 'bc_unavailable' }),
        en,
      ),
    ).toBe('Late failure');
  });

  it('falls back to the dump tools’ generic text in each language', () => {
    expect(toolErrorText(new ApiError(500, '<html>', 'HTTP 500'), en)).toBe('An error occurred');
    expect(toolErrorText(new ApiError(500, null, 'HTTP 500'), vi)).toBe('Có lỗi xảy ra');
    expect(toolErrorText(new Error('schema mismatch'), vi)).toBe('Có lỗi xảy ra');
  });

  it('names a network failure', () => {
    expect(toolErrorText(new TypeError('Failed to fetch'), en)).toBe(
      'Server connection error: Failed to fetch',
    );
    expect(toolErrorText(new TypeError('Failed to fetch'), vi)).toBe('Lỗi kết nối server: Failed to fetch');
  });
});

describe('toolData', () => {
  it('gives the data of a success and throws a failure as a ToolFailureError', () => {
    expect(toolData({ success: true, data: { id: 7 } })).toEqual({ id: 7 });
    const failure = { success: false as const, error: 'Product not found', code: 'not_found' };
    expect(() => toolData(failure)).toThrow(ToolFailureError);
    expect(() => toolData(failure)).toThrow('Product not found');
  });
});
