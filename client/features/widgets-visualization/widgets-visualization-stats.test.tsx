import { describe, expect, it } from 'vitest';
import type { VisualizationSummary } from '../../../common/dumps/widgets-hierarchy';
import { render, textOf } from '../../lib/render-test';
import { WidgetsVisualizationStats } from './widgets-visualization-stats';

const summary: VisualizationSummary = {
  totalWidgetTemplates: 36,
  totalTemplates: 100,
  totalWidgets: 20_000,
  uniqueWidgetTemplates: 1_250,
  totalRegions: 400,
  totalLayouts: 1_000,
  totalDropzones: 2_000,
};

describe('WidgetsVisualizationStats (issue 44: numbers in the reader’s language)', () => {
  it('groups thousands with "," in English', () => {
    const text = textOf(render(<WidgetsVisualizationStats summary={summary} />, 'en'));
    expect(text).toContain('Total Widgets 20,000');
    expect(text).toContain('Unique Widget UUIDs 1,250');
    expect(text).toContain('Dropzones 2,000');
  });

  it('and with "." in Vietnamese, whatever the browser’s own locale', () => {
    const text = textOf(render(<WidgetsVisualizationStats summary={summary} />, 'vi'));
    expect(text).toContain('Tổng số widget 20.000');
    expect(text).toContain('UUID widget khác nhau 1.250');
    expect(text).toContain('Vùng thả 2.000');
  });
});
