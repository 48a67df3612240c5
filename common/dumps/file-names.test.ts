import { describe, expect, it } from 'vitest';
import {
  categoryDumpFileName,
  fileNamePart,
  fileTimestamp,
  productDumpFileName,
  widgetsDumpFileName,
} from './file-names';

const at = new Date('2024-06-11T09:05:03.120Z');

describe('dump file names (spec part 1 §9)', () => {
  it('stamps UTC ISO time without colons or dots', () => {
    expect(fileTimestamp(at)).toBe('2024-06-11T09-05-03-120Z');
  });

  it('names each dump as the spec says', () => {
    expect(productDumpFileName('77', at)).toBe('product_77_2024-06-11T09-05-03-120Z.json');
    expect(categoryDumpFileName(2, at)).toBe('category_tree_2_2024-06-11T09-05-03-120Z.json');
    expect(categoryDumpFileName('all', at)).toBe('category_trees_all_2024-06-11T09-05-03-120Z.json');
    expect(widgetsDumpFileName('sandbox-demo', at)).toBe(
      'bc-widgets-dump-sandbox-demo-2024-06-11T09-05-03-120Z.json',
    );
  });

  it('keeps a searched SKU safe in a file name', () => {
    expect(productDumpFileName('KST/HPH 1042', at)).toBe(
      'product_KST_HPH_1042_2024-06-11T09-05-03-120Z.json',
    );
    expect(fileNamePart('../etc')).toBe('__etc');
    expect(fileNamePart('  ')).toBe('_');
    expect(fileNamePart('x'.repeat(200))).toHaveLength(80);
  });
});
