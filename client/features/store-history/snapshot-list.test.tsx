import { describe, expect, it } from 'vitest';
import { EMPTY_SNAPSHOT_COUNTS, type Snapshot } from '../../../common/contracts/store-history';
import type { Language } from '../../lib/i18n';
import { render as renderIn, textOf } from '../../lib/render-test';
import { SnapshotList } from './snapshot-list';

const beforeReset: Snapshot = {
  id: 'b1',
  storeHash: 'abc123',
  createdAt: '2026-03-05T10:00:00.000Z',
  state: 'done',
  reason: 'before-job',
  scope: ['catalog'],
  counts: { ...EMPTY_SNAPSHOT_COUNTS, products: 1, variants: 1 },
  bytes: 10,
  newBytes: 10,
  jobId: null,
  unreadPages: [],
  beforeJob: { id: '0f3c9a12-4b5e-4c1d-9e2f-aa11bb22cc33', kind: 'reset-page-title' },
};

function render(snapshots: Snapshot[], language: Language = 'en'): string {
  return renderIn(
    <SnapshotList snapshots={snapshots} isLoading={false} error={null} runningJobId={null} />,
    language,
  );
}

const part = (html: string, testId: string) =>
  textOf(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(?:span|p)>`).exec(html)?.[1] ?? '');

describe('SnapshotList', () => {
  it('names the job a "Before a job" snapshot was taken before, with its id', () => {
    const html = render([beforeReset]);
    expect(part(html, 'snapshot-reason')).toBe('Before Reset Page Title');
    expect(part(html, 'snapshot-job')).toBe('Job 0f3c9a12');
    expect(html).toContain(`title="${beforeReset.beforeJob?.id}"`);
    expect(part(render([beforeReset], 'vi'), 'snapshot-reason')).toBe('Trước Đặt lại tiêu đề trang');
  });

  it('says "Before a job" when the job is not known (an import)', () => {
    const html = render([{ ...beforeReset, beforeJob: null }]);
    expect(part(html, 'snapshot-reason')).toBe('Before a job');
    expect(html).not.toContain('snapshot-job');
  });

  it('reads counts in the singular and the plural', () => {
    expect(part(render([beforeReset]), 'snapshot-counts')).toMatch(/^1 product · 1 variant · 0 categories/);
    const many = { ...beforeReset, counts: { ...beforeReset.counts, products: 1260, variants: 2 } };
    expect(part(render([many]), 'snapshot-counts')).toMatch(/^1,260 products · 2 variants/);
    expect(part(render([many], 'vi'), 'snapshot-counts')).toMatch(/^1\.260 sản phẩm · 2 biến thể/);
  });
});

describe('SnapshotList, a snapshot being taken', () => {
  it('reads "Taking…", not counts and sizes of 0', () => {
    const running = { ...beforeReset, state: 'running' as const, counts: EMPTY_SNAPSHOT_COUNTS, bytes: 0 };
    const html = render([running]);
    expect(part(html, 'snapshot-taking')).toBe('Taking…');
    expect(html).not.toContain('snapshot-counts');
    expect(html).not.toContain('snapshot-size');
    expect(part(render([running], 'vi'), 'snapshot-taking')).toBe('Đang chụp…');
  });
});
