import { describe, expect, it } from 'vitest';
import { escapeAttribute, viewerSnippet } from './viewer-snippet';

describe('360 viewer snippet', () => {
  const snippet = viewerSnippet({
    imageSrc: 'clip "a"<b>-360-viewer.jpg',
    frames: 90,
    columns: 7,
    rows: 13,
    frameWidth: 500,
    frameHeight: 281,
    label: '360° view',
  });

  it('carries the grid, the frame count and the frame size', () => {
    expect(snippet).toContain('data-frames="90"');
    expect(snippet).toContain('data-columns="7"');
    expect(snippet).toContain('data-rows="13"');
    expect(snippet).toContain('data-frame-width="500"');
    expect(snippet).toContain('data-frame-height="281"');
    expect(snippet).toContain('background-size:700% 1300%');
    expect(snippet).toContain('aspect-ratio:500 / 281');
    expect(snippet).toContain('aria-valuemax="90"');
  });

  it('escapes the image address and loads nothing from elsewhere', () => {
    expect(snippet).toContain('data-src="clip &quot;a&quot;&lt;b&gt;-360-viewer.jpg"');
    expect(snippet).not.toMatch(/https?:|\ssrc=|<link|<img|@import/);
    expect(snippet.match(/<script>/g)).toHaveLength(1);
    expect(escapeAttribute('a&b')).toBe('a&amp;b');
  });
});
