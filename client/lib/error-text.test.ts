import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/errors';
import { en as english } from '../locales/en';
import { vi as vietnamese } from '../locales/vi';
import { createI18n } from './i18n';
import { readFailure, serverErrorText } from './error-text';

describe('server error texts in the user’s language (issue 10, point 5)', () => {
  const en = createI18n('en').t;
  const vi = createI18n('vi').t;

  it('has a text for every code of the one table, in both languages, and the Vietnamese differs', () => {
    for (const code of Object.values(ERROR_CODES)) {
      expect(english.serverErrors[code], code).toBeTruthy();
      expect(vietnamese.serverErrors[code], code).toBeTruthy();
      expect(vietnamese.serverErrors[code], code).not.toBe(english.serverErrors[code]);
    }
  });

  it('keeps the server’s English text for an English reader', () => {
    const failure = readFailure({
      success: false,
      error: 'Product with SKU "X" was not found',
      code: 'product_not_found',
    });
    expect(serverErrorText(failure, en)).toBe('Product with SKU "X" was not found');
    // No server text: the catalogue's.
    expect(serverErrorText({ code: 'bc_busy' }, en)).toBe(english.serverErrors.bc_busy);
  });

  it('gives a Vietnamese reader the catalogue text for every known code', () => {
    expect(serverErrorText({ code: 'store_required', text: 'Please select a store' }, vi)).toBe(
      'Vui lòng chọn store',
    );
    expect(serverErrorText({ code: 'product_not_found', text: 'Product with ID 7 was not found' }, vi)).toBe(
      'Không tìm thấy sản phẩm',
    );
    expect(serverErrorText(readFailure({ error: 'Please log in first', code: 'unauthorized' }), vi)).toBe(
      'Vui lòng đăng nhập trước',
    );
    expect(
      serverErrorText(readFailure({ message: 'Too many attempts.', code: 'TOO_MANY_REQUESTS' }), vi),
    ).toBe('Quá nhiều lần thử. Vui lòng thử lại sau.');
  });

  it('keeps the detail where it names the field or BigCommerce’s rule', () => {
    expect(serverErrorText({ code: 'invalid_input', text: 'Store Hash is required' }, vi)).toBe(
      'Yêu cầu không hợp lệ (Store Hash is required)',
    );
    expect(
      serverErrorText({ code: 'bc_invalid', text: 'BigCommerce rejected the data as invalid: name.' }, vi),
    ).toBe('BigCommerce từ chối dữ liệu vì không hợp lệ (BigCommerce rejected the data as invalid: name.)');
  });

  it('keeps the server text for a code it does not know, and says nothing without either', () => {
    expect(serverErrorText({ code: 'SOMETHING_NEW', text: 'New failure' }, vi)).toBe('New failure');
    expect(serverErrorText(readFailure('<html>'), vi)).toBeUndefined();
  });
});
