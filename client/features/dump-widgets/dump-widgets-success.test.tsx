import { describe, expect, it } from 'vitest';
import type { WidgetsDump } from '../../../common/dumps/widgets-dump';
import { byTestId, render } from '../../lib/render-test';
import { WidgetsSuccess } from './dump-widgets-success';

// A big storefront: counts past a thousand.
const dump: WidgetsDump = {
  storeHash: 'abc123',
  templates: [],
  widgetTemplates: [],
  notes: [],
  summary: {
    totalWidgetTemplates: 36,
    totalTemplates: 1_040,
    totalWidgets: 20_000,
    uniqueWidgetTemplates: 36,
  },
};

const counts = (language: 'en' | 'vi') => {
  const html = render(
    <WidgetsSuccess dump={dump} fileName="bc-widgets-dump.json" onOpenInVisualization={() => undefined} />,
    language,
  );
  return ['page-templates', 'total-widgets', 'unique-uuids'].map((key) => byTestId(html, `count-${key}`));
};

describe('Dump Widgets counts (issue 44: numbers in the reader’s language)', () => {
  it('groups thousands with "," in English and "." in Vietnamese', () => {
    expect(counts('en')).toEqual(['1,040', '20,000', '36']);
    expect(counts('vi')).toEqual(['1.040', '20.000', '36']);
  });
});
