// Journeys of issue 44's Store History points, on a demo store of their own: after a write job (Reset Page Title), the
// compare defaults to the last full snapshot against the store now and finds the change; the "Before a job" row names
// the job and reads its counts in the singular; the diff's fields carry translated labels and "(empty)", its items in
// numeric order of their ids; a visitor's snapshot moves to the account they sign up for in that browser. In English
// and Vietnamese.
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

const MOVING: OwnDemoStore = {
  name: 'Moving Visitor',
  hash: 'sandbox-moving-visitor',
  token: 'moving-visitor-token',
};

/** What a visitor with snapshots reads under the list (issue 44 (1)). */
const VISITOR_NOTE = {
  en: 'Snapshots you take without an account, and the history of the jobs you run (bulk edits, imports, restores, with their backups and Undo), move to your account when you sign up in this browser. Logging in to an account you already have does not move them, and a visitor’s snapshots are deleted once the visitor has been away for a while.',
  vi: 'Bản chụp bạn tạo khi chưa có tài khoản, cùng lịch sử các tác vụ bạn chạy (chỉnh sửa hàng loạt, nhập, khôi phục, với bản sao lưu và Hoàn tác), sẽ được chuyển sang tài khoản của bạn khi bạn đăng ký trên trình duyệt này. Đăng nhập vào một tài khoản đã có thì không chuyển, và bản chụp của khách sẽ bị xóa sau một thời gian khách không quay lại.',
};

/** The store's snapshots as the server lists them to this browser. */
async function listed(page: Page, store: OwnDemoStore = SECOND_DAY): Promise<Snapshot[]> {
  const res = await page.request.get(`${SNAPSHOTS_PATH}?storeHash=${store.hash}`);
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
      // A visitor is told that these snapshots move to the account they sign up for here (issue 44 (1)).
      await expectText(page.getByTestId('visitor-snapshots-note'), VISITOR_NOTE.en);

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
      await expectText(page.getByTestId('visitor-snapshots-note'), VISITOR_NOTE.vi);
      assert.match(
        (await title.getByTestId('restore-field-box').getAttribute('aria-label')) ?? '',
        /Tiêu đề trang/,
      );
      await screenshot(page, 'store-history-after-reset-page-title-vi');
      await expectNoSeriousViolations(page, 'Store History after Reset Page Title, in Vietnamese');
      await chooseLanguage(page, 'en');
    },
  ),
  onOwnDemoStore(
    'Store History: a visitor’s snapshot moves to the account they sign up for in this browser; before, the note says so, after, the same store lists it, in English and Vietnamese',
    MOVING,
    async (page, screenshot) => {
      // A small snapshot (the store's brands) taken as a visitor.
      await chooseDemoStore(page, ['catalog', 'categories', 'widgets', 'content'], MOVING);
      await takeSnapshot(page, 0);
      const [taken] = await listed(page, MOVING);
      assert.ok(taken);
      await expectText(page.getByTestId('visitor-snapshots-note'), VISITOR_NOTE.en);
      await screenshot(page, 'store-history-visitor-note');
      await expectNoSeriousViolations(page, 'Store History of a visitor with a snapshot');
      await chooseLanguage(page, 'vi');
      await expectText(page.getByTestId('visitor-snapshots-note'), VISITOR_NOTE.vi);
      await expectNoSeriousViolations(page, 'Store History of a visitor with a snapshot, in Vietnamese');
      await chooseLanguage(page, 'en');

      // The visitor signs up in this browser.
      await page.goto('/auth/register');
      await page.getByLabel('Full name').fill('Moving Visitor');
      await page.getByLabel('Email').fill(`moving.visitor.${Date.now()}@example.com`);
      await page.getByLabel('Password').fill('a long enough password 44');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByTestId('register-done').getByRole('link', { name: 'Continue to BC Toolbox' }).click();
      await page.getByTestId('profile-control').waitFor();

      // Store History on the same store: the snapshot is there, as it was; the visitor's note is gone.
      await page.goto('/?tab=store-history');
      await page.getByTestId('store-history').waitFor();
      await pickStore(page, ownStores(MOVING), MOVING.name);
      const row = page.locator(`[data-testid="snapshot-row"][data-snapshot-id="${taken.id}"]`);
      await expectText(row.getByTestId('snapshot-state'), 'Complete');
      await expectText(row.getByTestId('snapshot-reason'), 'Manual');
      assert.equal(await page.getByTestId('snapshot-row').count(), 1);
      assert.equal(await page.getByTestId('visitor-snapshots-note').count(), 0);
      assert.deepEqual(
        (await listed(page, MOVING)).map((snapshot) => snapshot.id),
        [taken.id],
      );
      await screenshot(page, 'store-history-after-sign-up');
      await expectNoSeriousViolations(page, 'Store History after signing up');
      await chooseLanguage(page, 'vi');
      await expectText(row.getByTestId('snapshot-state'), 'Hoàn tất');
      await expectText(row.getByTestId('snapshot-reason'), 'Thủ công');
      await screenshot(page, 'store-history-after-sign-up-vi');
      await expectNoSeriousViolations(page, 'Store History after signing up, in Vietnamese');
      await chooseLanguage(page, 'en');
    },
    // The register page asks for the development outbox, which answers 403 to a caller behind a proxy (this page).
    { allowedFailedPaths: ['/api/dev/outbox'] },
  ),
];
