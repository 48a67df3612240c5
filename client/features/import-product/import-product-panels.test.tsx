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
import { DumpPreviewPanel } from './dump-preview';
import { importMessageText, messageLines } from './import-product-rules';
import { ImportResultPanel } from './import-result';
import { clashText, PlanBody, planActionText, type PlanState } from './plan-panel';

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

const plan: ImportProductPlan = {
  action: 'update',
  existingProductId: 128,
  sku: 'HH-01',
  name: 'Harbour Hoodie',
  clashes: [
    { kind: 'sku', value: 'HH-01', productId: 128, productName: 'Harbour Hoodie' },
    { kind: 'variant_sku', value: 'HH-01-S', productId: 129, productName: null },
  ],
  limits: ['210 custom fields (BigCommerce allows 200 per product)'],
  categories: [
    { sourceId: 21, path: ['Apparel', 'Hoodies'], targetId: 40 },
    { sourceId: 22, path: ['Sale'], targetId: null },
  ],
  brand: { name: 'Harbour & Pine', targetId: null, willCreate: true },
  channels: [
    { sourceId: 1, name: 'Storefront', exists: true, targetId: 1 },
    { sourceId: 7, name: null, exists: false, targetId: null },
  ],
  variants: { create: 2, update: 1 },
  steps: 14,
  notes: ['reviews: written as new reviews'],
};

describe('the check against the target', () => {
  const { t } = createI18n('en');

  it('heads the plan with what happens to the product', () => {
    expect(planActionText({ ...plan, action: 'create', existingProductId: null }, '-copy', t)).toBe(
      'Create a new product',
    );
    expect(planActionText(plan, '-copy', t)).toBe('Update product #128');
    expect(planActionText({ ...plan, action: 'skip' }, '-copy', t)).toBe(
      'Skip: product #128 already has this SKU; nothing is written',
    );
    expect(planActionText({ ...plan, action: 'copy' }, '-b', t)).toBe(
      'Create a copy with the suffix "-b" (product #128 keeps the SKU)',
    );
    expect(planActionText({ ...plan, action: 'copy', existingProductId: null }, '-b', t)).toBe(
      'Create a copy with the suffix "-b"',
    );
    expect(planActionText(plan, '-copy', createI18n('vi').t)).toBe('Cập nhật sản phẩm #128');
  });

  it('names each clash with the target product holding it', () => {
    expect(clashText(plan.clashes[0]!, t)).toBe('SKU "HH-01" is used by product #128 (Harbour Hoodie)');
    expect(clashText(plan.clashes[1]!, t)).toBe('Variant SKU "HH-01-S" is used by product #129');
  });

  it('shows the SKU and name, clashes, limits, categories by path, brand, channels, variants and notes', () => {
    const html = render(<PlanBody state={{ status: 'ready', plan, copySuffix: '-copy' }} />);
    expect(html).toContain('data-action="update"');
    expect(byTestId(html, 'plan-action')).toBe('Update product #128');
    expect(byTestId(html, 'plan-will-have')).toBe('In the target: SKU HH-01, name "Harbour Hoodie"');
    expect(byTestId(html, 'plan-clashes')).toContain('SKU "HH-01" is used by product #128');
    expect(byTestId(html, 'plan-limits')).toBe('210 custom fields (BigCommerce allows 200 per product)');
    expect(byTestId(html, 'plan-categories')).toBe(
      'Apparel › Hoodies : found (#40) Sale : not found: not assigned',
    );
    expect(byTestId(html, 'plan-brand')).toBe('Harbour & Pine: will be created');
    expect(byTestId(html, 'plan-channels')).toBe('Storefront: found (#1); Channel #7: not in the target');
    expect(byTestId(html, 'plan-variants')).toBe('Variants: 2 to create, 1 to update');
    expect(byTestId(html, 'plan-notes')).toBe('reviews: written as new reviews');
  });

  it('says when there is no clash, no brand, no category, and an empty SKU reads N/A', () => {
    const bare = {
      ...plan,
      sku: '',
      clashes: [],
      limits: [],
      categories: [],
      brand: null,
      channels: [],
      notes: [],
    };
    const html = render(<PlanBody state={{ status: 'ready', plan: bare, copySuffix: '-copy' }} />);
    expect(byTestId(html, 'plan-no-clashes')).toBe('No clashes with the target.');
    expect(byTestId(html, 'plan-will-have')).toBe('In the target: SKU N/A, name "Harbour Hoodie"');
    expect(byTestId(html, 'plan-brand')).toBe('No brand');
    expect(byTestId(html, 'plan-channels')).toBe('No channels');
    expect(html).not.toContain('plan-limits');
    expect(html).not.toContain('plan-notes');
  });

  it('waits, checks and fails in words, in each language', () => {
    const states: PlanState[] = [
      { status: 'waiting' },
      { status: 'checking' },
      { status: 'error', text: 'HTTP 500' },
    ];
    const [waiting, checking, failed] = states.map((state) => render(<PlanBody state={state} />, 'vi'));
    expect(waiting).toContain('Hãy chọn store đích và sản phẩm');
    expect(checking).toContain('Đang kiểm tra store đích...');
    expect(failed).toContain('role="alert"');
    expect(byTestId(failed!, 'plan-error')).toBe('Kiểm tra với store đích thất bại: HTTP 500');
  });
});

describe('the preview', () => {
  it('shows N/A for a product without SKU, and each count', () => {
    const html = render(
      <DumpPreviewPanel
        preview={{
          name: 'Hoodie',
          sku: null,
          type: 'physical',
          categories: 2,
          images: 3,
          variants: 4,
          options: 1,
          modifiers: 0,
        }}
      />,
    );
    expect(byTestId(html, 'preview-sku')).toBe('N/A');
    expect(byTestId(html, 'preview-images')).toBe('3');
    expect(byTestId(html, 'preview-modifiers')).toBe('0');
    expect(
      render(
        <DumpPreviewPanel
          preview={{
            name: 'Áo',
            sku: null,
            type: 'physical',
            categories: 0,
            images: 0,
            variants: 0,
            options: 0,
            modifiers: 0,
          }}
        />,
        'vi',
      ),
    ).toContain('>Không có<');
  });
});

describe('the result panel', () => {
  const result: ImportProductResult = {
    ...emptyImportProductResult({ id: 128, name: 'Harbour Hoodie', sku: '' }),
    action: 'updated',
    variants: { created: 0, updated: 3, failed: 0 },
    images: { success: 0, failed: 0, skipped: 3 },
    logs: ['Product 128 updated', 'Image skipped: already there'],
    notCarried: ['custom_url: the URL is taken in the target'],
  };

  it('shows the product, the action, every counter, what did not carry over and the logs', () => {
    const html = render(<ImportResultPanel result={result} onDownload={() => undefined} />);
    expect(html).toContain('data-action="updated"');
    expect(byTestId(html, 'result-title')).toBe('Import result');
    expect(byTestId(html, 'result-product-id')).toBe('128');
    expect(byTestId(html, 'result-product-sku')).toBe('N/A');
    expect(byTestId(html, 'result-action')).toBe('Updated');
    expect(byTestId(html, 'stat-variants-updated')).toBe('3');
    expect(byTestId(html, 'stat-images-skipped')).toBe('3');
    expect(byTestId(html, 'stat-channels-error')).toBe('0');
    expect(html.match(/data-testid="stat-/g)).toHaveLength(21);
    expect(byTestId(html, 'result-not-carried')).toBe('custom_url: the URL is taken in the target');
    expect(html).toMatch(/<details[^>]*data-testid="result-logs"[^>]*><summary[^>]*>Logs \(2\)<\/summary>/);
    expect(html).toContain('>Download result<');
  });

  it('reads its counters in the reader’s language: 1,250 in English, 1.250 in Vietnamese (issue 44)', () => {
    const many = { ...result, reviews: { success: 0, failed: 0, skipped: 1250 } };
    const en = render(<ImportResultPanel result={many} onDownload={() => undefined} />);
    expect(byTestId(en, 'stat-reviews-skipped')).toBe('1,250');
    const vi = render(<ImportResultPanel result={many} onDownload={() => undefined} />, 'vi');
    expect(byTestId(vi, 'stat-reviews-skipped')).toBe('1.250');
  });

  it('lists what was left out or limited, one sentence an item, in English and Vietnamese', () => {
    const withNotices: ImportProductResult = {
      ...result,
      notices: [
        {
          kind: 'product_list_value',
          owner: 'modifier',
          name: 'Add a strap',
          label: 'Canvas strap',
          sourceProductId: 81,
          sku: 'STRAP-CANVAS',
          reason: 'not_in_target',
        },
        {
          kind: 'product_list_value',
          owner: 'option',
          name: 'Bundle',
          label: 'Case',
          sourceProductId: 82,
          sku: null,
          reason: 'old_dump',
        },
        { kind: 'product_list_left_out', owner: 'modifier', name: 'Extras' },
        { kind: 'image_resized', image: 'poster.jpg', size: 'zoom' },
        {
          kind: 'modifier_date',
          name: 'Delivery',
          field: 'date_latest_value',
          original: null,
          sent: '2026-03-01T00:00:00+00:00',
        },
      ],
    };
    const items = (html: string) =>
      [
        ...(/data-testid="result-notices"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '').matchAll(
          /<li[^>]*>(.*?)<\/li>/gs,
        ),
      ].map((match) => (match[1] ?? '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
    const english = render(<ImportResultPanel result={withNotices} onDownload={() => undefined} />);
    expect(english).toContain('>Left out or limited<');
    expect(items(english)).toEqual([
      'Modifier "Add a strap": the value "Canvas strap" is left out: no product with SKU STRAP-CANVAS is in the target store',
      'Option "Bundle": the value "Case" is left out: the file was made before product dumps named the SKUs of listed products; dump the product again',
      'Modifier "Extras" is left out: none of the products it lists is in the target store',
      'Image poster.jpg: copied at most 1280 × 1280 px (BigCommerce’s zoom copy; its API gives no address of the original)',
      'Modifier "Delivery": date_latest_value was missing; 2026-03-01T00:00:00+00:00 was sent (BigCommerce requires this date)',
    ]);
    const vietnamese = render(<ImportResultPanel result={withNotices} onDownload={() => undefined} />, 'vi');
    expect(items(vietnamese)[0]).toBe(
      'Modifier "Add a strap": giá trị "Canvas strap" bị bỏ qua: store đích không có sản phẩm nào có SKU STRAP-CANVAS',
    );
    expect(items(vietnamese)[3]).toBe(
      'Hình poster.jpg: chỉ sao chép được tối đa 1280 × 1280 px (bản zoom của BigCommerce; API không cho địa chỉ của ảnh gốc)',
    );
    expect(render(<ImportResultPanel result={result} onDownload={() => undefined} />)).not.toContain(
      'result-notices',
    );
  });

  it('turns amber when something failed, and speaks Vietnamese', () => {
    const failed = { ...result, channels: { success: 0, error: 1 } };
    const html = render(<ImportResultPanel result={failed} onDownload={() => undefined} />, 'vi');
    expect(html).toContain('bg-amber-50');
    expect(byTestId(html, 'result-title')).toBe('Đã nhập xong, có lỗi');
    expect(byTestId(html, 'result-action')).toBe('Đã cập nhật');
    expect(html).toContain('Nhật ký (2)');
  });
});

// The server's notes, limits, logs and steps as codes (issue 42): a Vietnamese reader reads them in Vietnamese, an
// English one reads the very sentences the server sends; a server that sends no codes is shown its English lines.
describe('the import in the reader’s language', () => {
  const english = (messages: ImportMessage[]) => messages.map(renderImportMessage);

  const noteMessages = [
    importMessage('noteBrandCreated', { name: 'Harbour & Pine' }),
    importMessage('noteCategoriesMissing', { n: 1, paths: 'Sale' }),
  ];
  const limitMessages = [importMessage('limitCustomFields', { n: 210, limit: 200 })];

  const codedPlan: ImportProductPlan = {
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

  const codedResult: ImportProductResult = {
    ...emptyImportProductResult({ id: 12, name: 'Harbour Hoodie', sku: 'HH-01' }),
    logs: english(logMessages),
    logMessages,
    notCarried: english(notCarriedMessages),
    notCarriedMessages,
  };

  it('shows a Vietnamese reader the plan’s notes and limits in Vietnamese', () => {
    const html = render(<PlanBody state={{ status: 'ready', plan: codedPlan, copySuffix: '-copy' }} />, 'vi');
    expect(byTestId(html, 'plan-notes')).toBe(
      'Thương hiệu "Harbour & Pine" chưa có trong store đích và sẽ được tạo mới. 1 danh mục không có trong store đích và sẽ không được gán: Sale.',
    );
    expect(byTestId(html, 'plan-limits')).toBe(
      '210 trường tùy chỉnh (BigCommerce cho phép tối đa 200 mỗi sản phẩm)',
    );
  });

  it('shows a Vietnamese reader the logs and what was not carried over in Vietnamese, BigCommerce’s words as they are', () => {
    const html = render(<ImportResultPanel result={codedResult} onDownload={() => undefined} />, 'vi');
    expect(byTestId(html, 'result-logs')).toContain('Đã tạo sản phẩm #12 "Harbour Hoodie"');
    expect(byTestId(html, 'result-logs')).toContain(
      'Store đích từ chối hình hoodie.png: 413 Payload Too Large',
    );
    expect(byTestId(html, 'result-not-carried')).toBe('date_created: do BigCommerce tự đặt');
  });

  it('shows an English reader the sentences the server sent', () => {
    const planHtml = render(
      <PlanBody state={{ status: 'ready', plan: codedPlan, copySuffix: '-copy' }} />,
      'en',
    );
    expect(byTestId(planHtml, 'plan-notes')).toBe(codedPlan.notes.join(' '));
    expect(byTestId(planHtml, 'plan-limits')).toBe(codedPlan.limits.join(' '));
    const { t } = createI18n('en');
    expect(messageLines(codedResult.logs, codedResult.logMessages, t)).toEqual(codedResult.logs);
    expect(messageLines(codedResult.notCarried, codedResult.notCarriedMessages, t)).toEqual(
      codedResult.notCarried,
    );
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
