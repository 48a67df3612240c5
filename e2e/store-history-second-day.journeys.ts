// Journeys of issue 44's Store History points, on a demo store of their own: after a write job (Reset Page Title), the
// compare defaults to the last full snapshot against the store now and finds the change; the "Before a job" row names
// the job and reads its counts in the singular; the diff's fields carry translated labels and "(empty)", its items in
// numeric order of their ids. In English and Vietnamese.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { RESET_PAGE_TITLE_PATH } from '../common/contracts/bulk-edit';
import { SNAPSHOTS_PATH, type ListSnapshotsResponse, type Snapshot } from '../common/contracts/store-history';
import { chooseLanguage } from './accessibility.journeys';
import { expectNoSeriousViolations } from './axe';
import { eventually, type Journey } from './harness';
import { expectText, pickStore } from './helpers';
import {
  chooseDemoStore,
  onOwnDemoStore,
  ownStores,
  sandboxSettings,
  storeApi,
  takeSnapshot,
  type OwnDemoStore,
} from './store-history-demo';

const SECOND_DAY: OwnDemoStore = {
  name: 'Second Day',
  hash: 'sandbox-second-day',
  token: 'second-day-token',
};

/** The store's snapshots as the server lists them to this browser. */
async function listed(page: Page): Promise<Snapshot[]> {
  const res = await page.request.get(`${SNAPSHOTS_PATH}?storeHash=${SECOND_DAY.hash}`);
  assert.equal(res.status(), 200);
  return ((await res.json()) as ListSnapshotsResponse).snapshots;
}

export const storeHistorySecondDayJourneys: Journey[] = [
  onOwnDemoStore(
    'Store History after Reset Page Title: the compare defaults to the last full snapshot against the store now and shows the emptied title as "(empty)" under "Page title", #109 before #1061; the "Before Reset Page Title" row reads "1 product", in English and Vietnamese',
    SECOND_DAY,
    async (page, screenshot) => {
      const api = (method: 'GET' | 'PUT', path: string, data?: unknown) =>
        storeApi(page, SECOND_DAY, method, path, data);
      await sandboxSettings(page, SECOND_DAY.hash, { quota: 100_000 });
      // #109 and #1061: in text order "1061" comes first, in numeric order 109 does.
      const lamp = (await api('GET', '/v3/catalog/products/109')) as { id: number; name: string };
      const other = (await api('GET', '/v3/catalog/products/1061')) as { id: number; name: string };
      await api('PUT', `/v3/catalog/products/${lamp.id}`, { page_title: 'A lamp for winter evenings' });

      // A full snapshot of the catalogue, then Reset Page Title on the one product (its own snapshot first).
      await chooseDemoStore(page, ['categories', 'brands', 'widgets', 'content'], SECOND_DAY);
      await takeSnapshot(page, 0);
      const [full] = await listed(page);
      assert.ok(full);
      const reset = await page.request.post(RESET_PAGE_TITLE_PATH, {
        data: {
          storeCredentials: { storeHash: SECOND_DAY.hash, accessToken: SECOND_DAY.token },
          targetOption: 'specific',
          targetValue: String(lamp.id),
        },
      });
      assert.equal(reset.status(), 200, await reset.text());
      // And a change made in the store itself, on a product of a larger id.
      await api('PUT', `/v3/catalog/products/${other.id}`, { page_title: 'Changed by hand' });
      const before = (await listed(page)).find((snapshot) => snapshot.reason === 'before-job');
      assert.ok(before?.beforeJob, 'the before-job snapshot names its job');
      assert.equal(before.beforeJob.kind, 'reset-page-title');

      await page.reload();
      await page.getByTestId('store-history').waitFor();
      await pickStore(page, ownStores(SECOND_DAY), SECOND_DAY.name);
      await eventually(async () => assert.equal(await page.getByTestId('snapshot-row').count(), 2));
      // The compare with the store now adds a snapshot above it: the row is found by its id.
      const beforeRow = page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${before.id}"]`);
      await expectText(beforeRow.getByTestId('snapshot-reason'), 'Before Reset Page Title');
      await expectText(beforeRow.getByTestId('snapshot-job'), `Job ${before.beforeJob.id.slice(0, 8)}`);
      await expectText(beforeRow.getByTestId('snapshot-counts'), /^1 product · \d+ variants? · 0 categories/);
      // A visitor is told that these snapshots stay with the visitor when they sign up (issue 44 (1)).
      await expectText(
        page.getByTestId('visitor-snapshots-note'),
        'Snapshots taken as a visitor, and the history of the jobs you ran as one (bulk edits, imports, restores, with their backups and Undo), stay with this browser’s visitor session: they are not moved to your account when you sign up or log in, and a visitor’s snapshots are deleted once the visitor has been away for a while.',
      );

      // The default compare: the full snapshot against the store now, which finds the emptied title.
      assert.equal(await page.getByTestId('compare-from').inputValue(), full.id);
      assert.equal(await page.getByTestId('compare-to').inputValue(), 'live');
      await page.getByTestId('compare-button').click();
      const change = page
        .getByTestId('diff-change')
        .filter({ has: page.getByTestId('diff-change-name').getByText(lamp.name, { exact: true }) });
      await expectText(change.getByTestId('diff-change-badge'), 'Changed', 120_000);
      // Both changed products, in numeric order of their ids (issue 44 (9)).
      await expectText(page.getByTestId('diff-total'), /^2 of 2 changes$/, 60_000);
      assert.deepEqual(await page.getByTestId('diff-change-name').allInnerTexts(), [lamp.name, other.name]);
      await change.getByTestId('diff-change-toggle').click();
      // The field by its label, the emptied title as "(empty)", the restore box named by the label.
      const title = change.locator('[data-testid="diff-field"][data-path="page_title"]');
      await expectText(title.getByTestId('diff-field-path'), 'Page title');
      await expectText(title.getByTestId('diff-field-before'), 'A lamp for winter evenings');
      await expectText(title.getByTestId('diff-field-after'), '(empty)');
      assert.equal(
        await title.getByTestId('restore-field-box').getAttribute('aria-label'),
        `Restore Page title of ${lamp.name}`,
      );
      await screenshot(page, 'store-history-after-reset-page-title');
      await expectNoSeriousViolations(page, 'Store History after Reset Page Title, compared with now');

      await chooseLanguage(page, 'vi');
      await expectText(beforeRow.getByTestId('snapshot-reason'), 'Trước Đặt lại tiêu đề trang');
      await expectText(beforeRow.getByTestId('snapshot-job'), `Tác vụ ${before.beforeJob.id.slice(0, 8)}`);
      await expectText(beforeRow.getByTestId('snapshot-counts'), /^1 sản phẩm · \d+ biến thể · 0 danh mục/);
      await expectText(title.getByTestId('diff-field-path'), 'Tiêu đề trang');
      await expectText(title.getByTestId('diff-field-after'), '(trống)');
      await expectText(
        page.getByTestId('visitor-snapshots-note'),
        'Bản chụp tạo khi chưa đăng nhập, cùng lịch sử các tác vụ bạn đã chạy khi đó (chỉnh sửa hàng loạt, nhập, khôi phục, với bản sao lưu và Hoàn tác), thuộc về phiên khách của trình duyệt này: chúng không được chuyển sang tài khoản khi bạn đăng ký hoặc đăng nhập, và bản chụp sẽ bị xóa sau một thời gian khách không quay lại.',
      );
      assert.match(
        (await title.getByTestId('restore-field-box').getAttribute('aria-label')) ?? '',
        /Tiêu đề trang/,
      );
      await screenshot(page, 'store-history-after-reset-page-title-vi');
      await expectNoSeriousViolations(page, 'Store History after Reset Page Title, in Vietnamese');
      await chooseLanguage(page, 'en');
    },
  ),
];
