// The server's notes, limits, logs and steps as codes (issue 42): a Vietnamese reader reads them in Vietnamese, an
// English one reads the very sentences the server sends; a server that sends no codes is shown its English lines.
import { describe, expect, it } from 'vitest';
import {
  emptyImportProductResult,
  type ImportProductPlan,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import {
  importMessage,
  renderImportMessage,
  type ImportMessage,
} from '../../../common/import-product/message-texts';
import { createI18n } from '../../lib/i18n';
import { render } from '../../lib/render-test';
import { importMessageText, messageLines } from './import-product-rules';
import { ImportResultPanel } from './import-result';
import { PlanBody } from './plan-panel';

/** The text of the element with the given data-testid (tags removed, white space folded). */
function byTestId(html: string, testId: string): string {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>(.*?)</\\1>`, 's').exec(html);
  if (!match) throw new Error(`no ${testId}`);
  return (match[2] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const english = (messages: ImportMessage[]) => messages.map(renderImportMessage);

const noteMessages = [
  importMessage('noteBrandCreated', { name: 'Harbour & Pine' }),
  importMessage('noteCategoriesMissing', { n: 1, paths: 'Sale' }),
];
const limitMessages = [importMessage('limitCustomFields', { n: 210, limit: 200 })];

const plan: ImportProductPlan = {
  action: 'create',
  existingProductId: null,
  sku: 'HH-01',
  name: 'Harbour Hoodie',
  clashes: [],
  limits: english(limitMessages),
  limitMessages,
  categories: [],
  brand: null,
  channels: [],
  variants: { create: 0, update: 0 },
  steps: 1,
  notes: english(noteMessages),
  noteMessages,
};

const logMessages = [
  importMessage('logProductCreated', { id: 12, name: 'Harbour Hoodie' }),
  importMessage('logImageRefused', { image: 'hoodie.png', error: '413 Payload Too Large' }),
];
const notCarriedMessages = [importMessage('notCarriedSetByBigCommerce', { field: 'date_created' })];

const result: ImportProductResult = {
  ...emptyImportProductResult({ id: 12, name: 'Harbour Hoodie', sku: 'HH-01' }),
  logs: english(logMessages),
  logMessages,
  notCarried: english(notCarriedMessages),
  notCarriedMessages,
};

describe('the import in the reader’s language', () => {
  it('shows a Vietnamese reader the plan’s notes and limits in Vietnamese', () => {
    const html = render(<PlanBody state={{ status: 'ready', plan, copySuffix: '-copy' }} />, 'vi');
    expect(byTestId(html, 'plan-notes')).toBe(
      'Thương hiệu "Harbour & Pine" chưa có trong cửa hàng đích và sẽ được tạo mới. 1 danh mục không có trong cửa hàng đích và sẽ không được gán: Sale.',
    );
    expect(byTestId(html, 'plan-limits')).toBe(
      '210 trường tùy chỉnh (BigCommerce cho phép tối đa 200 mỗi sản phẩm)',
    );
  });

  it('shows a Vietnamese reader the logs and what was not carried over in Vietnamese, BigCommerce’s words as they are', () => {
    const html = render(<ImportResultPanel result={result} onDownload={() => undefined} />, 'vi');
    expect(byTestId(html, 'result-logs')).toContain('Đã tạo sản phẩm #12 "Harbour Hoodie"');
    expect(byTestId(html, 'result-logs')).toContain(
      'Cửa hàng đích từ chối hình hoodie.png: 413 Payload Too Large',
    );
    expect(byTestId(html, 'result-not-carried')).toBe('date_created: do BigCommerce tự đặt');
  });

  it('shows an English reader the sentences the server sent', () => {
    const planHtml = render(<PlanBody state={{ status: 'ready', plan, copySuffix: '-copy' }} />, 'en');
    expect(byTestId(planHtml, 'plan-notes')).toBe(plan.notes.join(' '));
    expect(byTestId(planHtml, 'plan-limits')).toBe(plan.limits.join(' '));
    const { t } = createI18n('en');
    expect(messageLines(result.logs, result.logMessages, t)).toEqual(result.logs);
    expect(messageLines(result.notCarried, result.notCarriedMessages, t)).toEqual(result.notCarried);
  });

  it('shows the English lines of a server that sends no codes, in any language', () => {
    const { t } = createI18n('vi');
    expect(messageLines(['Variant X created'], undefined, t)).toEqual(['Variant X created']);
  });

  it('names the step running in the reader’s language', () => {
    const step = importMessage('stepVariant', { sku: 'HH-01-S' });
    expect(importMessageText(step, createI18n('vi').t)).toBe('biến thể HH-01-S');
    expect(importMessageText(step, createI18n('en').t)).toBe('variant HH-01-S');
  });
});
