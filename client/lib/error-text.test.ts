import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/errors';
import { en as english } from '../locales/en';
import { vi as vietnamese } from '../locales/vi';
import { createI18n } from './i18n';
import { readFailure, serverErrorParts, serverErrorText } from './error-text';

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

describe('the parser’s words become a sentence, kept behind Details (issue 31)', () => {
  const en = createI18n('en').t;
  const vi = createI18n('vi').t;
  const raw = 'storeCredentials.storeHash: Invalid input: expected string, received undefined';

  it('names the missing field in the reader’s language, and keeps the server’s words as the detail', () => {
    expect(serverErrorParts({ code: 'invalid_input', text: raw }, en)).toEqual({
      text: 'The request is invalid: The store hash is missing',
      detail: raw,
    });
    expect(serverErrorParts({ code: 'invalid_input', text: raw }, vi)).toEqual({
      text: 'Yêu cầu không hợp lệ: Thiếu mã store (store hash)',
      detail: raw,
    });
    expect(serverErrorText({ code: 'invalid_input', text: raw }, en)).not.toContain('Invalid input');
  });

  it('words a wrong value, a list item and an unknown field', () => {
    expect(
      serverErrorText(
        { code: 'invalid_input', text: 'kind: Invalid input: expected "bc-toolbox/product-dump"' },
        en,
      ),
    ).toBe('The request is invalid: The file kind has a value that is not allowed');
    expect(
      serverErrorText(
        {
          code: 'invalid_input',
          text: 'items.2.custom_url: Invalid input: expected object, received string',
        },
        en,
      ),
    ).toBe('The request is invalid: The field “custom_url” has the wrong type of value (item 3)');
    expect(
      serverErrorText({ code: 'invalid_input', text: 'limit: Too big: expected number to be <=50' }, vi),
    ).toBe('Yêu cầu không hợp lệ: Giới hạn quá dài, quá ngắn hoặc ngoài phạm vi cho phép');
  });

  it('says where a body stopped being JSON', () => {
    const text = 'The request body is not valid JSON: Unexpected end of JSON input';
    expect(serverErrorParts({ code: 'malformed_json', text }, en)).toEqual({
      text: 'The request body is not valid JSON: the text ends before the JSON is complete',
      detail: text,
    });
    expect(serverErrorText({ code: 'malformed_json', text: 'The request body is not valid JSON' }, en)).toBe(
      'The request body is not valid JSON',
    );
  });

  it('writes an item, a line and a character past a thousand in the reader’s language (issue 44)', () => {
    const item = {
      code: 'invalid_input',
      text: 'items.1499.custom_url: Invalid input: expected object, received string',
    };
    expect(serverErrorText(item, en)).toBe(
      'The request is invalid: The field “custom_url” has the wrong type of value (item 1,500)',
    );
    expect(serverErrorText(item, vi)).toMatch(/ \(mục 1\.500\)$/);
    const lineColumn = (words: string) => ({
      code: 'malformed_json',
      text: `The request body is not valid JSON: ${words}`,
    });
    const at = lineColumn(
      "Expected ',' or '}' after property value in JSON at position 20 (line 1200 column 1021)",
    );
    expect(serverErrorText(at, en)).toBe(
      'The request body is not valid JSON: the text is not JSON from line 1,200, column 1,021',
    );
    expect(serverErrorText(at, vi)).toMatch(/từ dòng 1\.200, cột 1\.021$/);
    const position = lineColumn('Unexpected token } in JSON at position 12344');
    expect(serverErrorText(position, en)).toMatch(/the text is not JSON from character 12,345$/);
    expect(serverErrorText(position, vi)).toMatch(/từ ký tự thứ 12\.345$/);
  });

  it('leaves the server’s own sentences alone', () => {
    const own = { code: 'invalid_input', text: 'Channel ID must be a whole number of at least 1' };
    expect(serverErrorParts(own, en)).toEqual({ text: own.text });
  });
});
