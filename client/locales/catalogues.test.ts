import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n';
import { en } from './en';
import { vi } from './vi';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  const english = flatten(en);
  const vietnamese = flatten(vi);

  it('have the same keys', () => {
    expect([...vietnamese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of english) {
      expect(placeholders(vietnamese.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('hold no empty text', () => {
    for (const [key, text] of [...english, ...vietnamese]) expect(text.trim(), key).not.toBe('');
  });

  it('keep the spec texts: English in en, the given Vietnamese in vi', () => {
    expect(en.app.subtitle).toBe('Manage and automate BigCommerce tasks with ease');
    expect(en.errors.selectStore).toBe('Please select a store');
    expect(vi.errors.selectStore).toBe('Vui lòng chọn store');
    expect(en.errors.generic).toBe('An error occurred');
    expect(vi.errors.generic).toBe('Có lỗi xảy ra');
    expect(en.errors.serverConnection).toBe('Server connection error: {message}');
    expect(vi.errors.serverConnection).toBe('Lỗi kết nối server: {message}');
    expect(en.errors.storeNotFound).toBe('Store not found');
    expect(vi.errors.storeNotFound).toBe('Không tìm thấy store');
    expect(en.tabs['video-h265-converter'].title).toBe('H.265 Video Converter (Cloud)');
    expect(en.footer.version).toBe('v1.0.0');
  });

  it("interpolate the spec's single-brace placeholders", () => {
    const i18n = createI18n('vi');
    expect(i18n.t('errors.serverConnection', { message: 'ECONNREFUSED' })).toBe(
      'Lỗi kết nối server: ECONNREFUSED',
    );
    expect(i18n.t('h265.fileTooLarge', { n: '120' })).toBe(
      'Tệp quá lớn. Dung lượng tối đa là 100MB. Tệp của bạn là 120MB.',
    );
    const english = createI18n('en');
    expect(english.t('header.viewingAs', { name: 'Minh <b>' })).toBe('Viewing as: Minh <b>');
    expect(english.t('chat.waitSeconds', { n: '42' })).toBe('Please wait 42 seconds before trying again.');
  });
});
