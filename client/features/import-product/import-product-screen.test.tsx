import { describe, expect, it } from 'vitest';
import { render, textOf } from '../../lib/render-test';
import ImportProductScreen from './import-product-screen';

describe('Import Product before a dump is loaded (issue 44)', () => {
  it('has Import disabled, saying what it waits for, in English and Vietnamese', () => {
    for (const [language, text] of [
      ['en', 'Please select a JSON file'],
      ['vi', 'Vui lòng chọn tệp JSON'],
    ] as const) {
      const markup = render(<ImportProductScreen />, language);
      const button = /<button type="submit"[^>]*>/.exec(markup)?.[0] ?? '';
      expect(button).toContain('disabled=""');
      const waiting = /<p id="([^"]+)"[^>]*data-testid="import-waiting"[^>]*>(.*?)<\/p>/.exec(markup);
      expect(button).toContain(`aria-describedby="${waiting?.[1]}"`);
      expect(textOf(waiting?.[2] ?? '')).toBe(text);
    }
  });
});
