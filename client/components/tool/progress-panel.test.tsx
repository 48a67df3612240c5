import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Language } from '../../lib/i18n';
import { formatDuration, formatRate, ProgressPanel, type ProgressPanelProps } from './progress-panel';
import { textOf } from '../../lib/render-test';

const noop = () => undefined;

function render(props: ProgressPanelProps, language: Language = 'en'): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(language)}>
      <ProgressPanel {...props} />
    </I18nextProvider>,
  );
}

const progressBar = (html: string) => /<progress\b([^>]*)>/.exec(html)?.[1] ?? '';

describe('ProgressPanel', () => {
  it('shows the counts and the bar, and nothing it was not given', () => {
    const html = render({ done: 3, total: 10 });
    expect(textOf(html)).toBe('3 of 10 done');
    expect(html).toContain('role="status"');
    expect(html).toContain('data-testid="tool-progress"');
    expect(progressBar(html)).toContain('value="3"');
    expect(progressBar(html)).toContain('max="10"');
    expect(html).not.toContain('<button');
  });

  it('says when BigCommerce is being waited out, in each language', () => {
    const waiting = { retry: 3, of: 8, waitMs: 40_000 };
    expect(textOf(render({ done: 20, total: 50, waiting }))).toBe(
      '20 of 50 done Waiting for BigCommerce (retry 3 of 8, next in 40 s)',
    );
    expect(render({ done: 20, total: 50, waiting })).toContain('data-testid="tool-progress-waiting"');
    expect(textOf(render({ done: 20, total: 50, waiting }, 'vi'))).toContain(
      'Đang chờ BigCommerce (thử lại 3/8, lần tới sau 40 giây)',
    );
    expect(render({ done: 20, total: 50 })).not.toContain('Waiting');
  });

  it('shows failed, rate, time left and a Cancel button when given', () => {
    const html = render({
      done: 40,
      failed: 2,
      total: 100,
      ratePerSecond: 2.5,
      secondsLeft: 64.2,
      onCancel: noop,
    });
    expect(textOf(html)).toBe('40 of 100 done · 2 failed · 2.5 per second · 1 min 05 s left Cancel');
    // Failed items are processed too: the bar stands at 42 of 100.
    expect(progressBar(html)).toContain('value="42"');
    expect(html).toMatch(
      /<button type="button"[^>]*data-testid="tool-progress-cancel"[^>]*>Cancel<\/button>/,
    );
  });

  it("says only the tool's own words when it gives a label", () => {
    const html = render({ done: 4, total: 13, label: 'Pages read: 4 of 13', testId: 'widgets-progress' });
    expect(textOf(html)).toBe('Pages read: 4 of 13');
    expect(html).toContain('data-testid="widgets-progress"');
  });

  it('speaks Vietnamese', () => {
    const html = render({ done: 1, failed: 0, total: 2, secondsLeft: 3700, onCancel: noop }, 'vi');
    expect(textOf(html)).toBe('Đã xong 1/2 · 0 lỗi · còn 1 giờ 01 phút Hủy');
  });
});

describe('formatDuration and formatRate', () => {
  const { t } = createI18n('en');

  it('rounds up to the second and names the largest units', () => {
    expect(formatDuration(0, t)).toBe('0 s');
    expect(formatDuration(44.2, t)).toBe('45 s');
    expect(formatDuration(65, t)).toBe('1 min 05 s');
    expect(formatDuration(3720, t)).toBe('1 h 02 min');
    expect(formatDuration(-5, t)).toBe('0 s');
  });

  it('keeps one decimal below 10 a second', () => {
    expect(formatRate(2.46)).toBe('2.5');
    expect(formatRate(0)).toBe('0.0');
    expect(formatRate(37.4)).toBe('37');
    expect(formatRate(9.5, 'vi')).toBe('9,5');
    expect(formatRate(1234.4, 'vi')).toBe('1.234');
  });
});
