import { describe, expect, it } from 'vitest';
import { readTabFromSearch, withTabInUrl } from './tab-location';

describe('tab in the address', () => {
  it('reads ?tab=', () => {
    expect(readTabFromSearch('?tab=import-widgets')).toBe('import-widgets');
    expect(readTabFromSearch('?foo=1&tab=video-360-converter')).toBe('video-360-converter');
  });

  it('falls back to stores for a missing or unknown tab', () => {
    expect(readTabFromSearch('')).toBe('stores');
    expect(readTabFromSearch('?tab=unknown-tool')).toBe('stores');
  });

  it('writes ?tab= and keeps other parameters and the hash', () => {
    expect(withTabInUrl('http://localhost:3000/', 'dump-product')).toBe('/?tab=dump-product');
    expect(withTabInUrl('http://localhost:3000/?a=1&tab=stores#x', 'keyword-extractor')).toBe(
      '/?a=1&tab=keyword-extractor#x',
    );
  });
});
