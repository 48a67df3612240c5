import { describe, expect, it } from 'vitest';
import { parseFfmpegInfo } from './ffmpeg-info';
import { frameAtFraction, spriteBackgroundPosition, spriteBackgroundSize, stepFrame } from './spin';
import { overallPercent } from './video360-steps';
import { escapeAttribute, viewerSnippet } from './viewer-snippet';

const LOG = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input.mp4':
  Metadata:
    major_brand     : isom
  Duration: 00:00:03.00, start: 0.000000, bitrate: 1101 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 640x360 [SAR 1:1 DAR 16:9], 964 kb/s, 30 fps, 30 tbr, 15360 tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, mono, fltp, 128 kb/s (default)
At least one output file must be specified`;

describe('ffmpeg -i log', () => {
  it('reads the duration and the video size', () => {
    expect(parseFfmpegInfo(LOG)).toEqual({ duration: 3, width: 640, height: 360 });
  });

  it('swaps the size of a video shown rotated a quarter turn', () => {
    const rotated = LOG.replace(
      '(default)\n  Stream #0:1',
      '(default)\n      Side data:\n        displaymatrix: rotation of -90.00 degrees\n  Stream #0:1',
    );
    expect(parseFfmpegInfo(rotated)).toEqual({ duration: 3, width: 360, height: 640 });
  });

  it('knows no duration when the container gives none, and no video without a video stream', () => {
    expect(parseFfmpegInfo(LOG.replace('00:00:03.00', 'N/A'))?.duration).toBeNull();
    expect(
      parseFfmpegInfo('Duration: 01:02:03.50\n  Stream #0:0: Video: vp9, yuv420p, 1920x1080, 25 fps'),
    ).toEqual({
      duration: 3723.5,
      width: 1920,
      height: 1080,
    });
    expect(parseFfmpegInfo('input.wav: Invalid data found when processing input')).toBeNull();
    expect(parseFfmpegInfo('Stream #0:0: Audio: mp3, 44100 Hz, stereo')).toBeNull();
  });
});

describe('360 viewer arithmetic', () => {
  it('picks the frame under the pointer', () => {
    expect(frameAtFraction(0, 90)).toBe(0);
    expect(frameAtFraction(0.5, 90)).toBe(45);
    expect(frameAtFraction(0.999, 90)).toBe(89);
    expect(frameAtFraction(1, 90)).toBe(89);
    expect(frameAtFraction(-0.2, 90)).toBe(0);
    expect(frameAtFraction(Number.NaN, 90)).toBe(0);
    expect(frameAtFraction(0.7, 1)).toBe(0);
  });

  it('steps round past both ends', () => {
    expect(stepFrame(0, -1, 90)).toBe(89);
    expect(stepFrame(89, 1, 90)).toBe(0);
    expect(stepFrame(10, 5, 90)).toBe(15);
  });

  it('places the sprite so the frame fills the box', () => {
    expect(spriteBackgroundSize(7, 13)).toBe('700% 1300%');
    expect(spriteBackgroundPosition(0, 7, 13)).toBe('0% 0%');
    expect(spriteBackgroundPosition(6, 7, 13)).toBe('100% 0%');
    expect(spriteBackgroundPosition(7, 7, 13)).toBe('0% 8.3333%');
    expect(spriteBackgroundPosition(89, 7, 13)).toBe('83.3333% 100%');
    expect(spriteBackgroundPosition(3, 1, 10)).toBe('0% 33.3333%');
  });
});

describe('360 progress', () => {
  it('moves forward through the steps of each engine', () => {
    expect(overallPercent('mediabunny', 'reading-file', 0)).toBe(0);
    expect(overallPercent('mediabunny', 'extracting-frames', 0.5)).toBe(48);
    expect(overallPercent('mediabunny', 'final-resize', 1)).toBe(100);
    expect(overallPercent('ffmpeg', 'reading-frames', 0)).toBe(75);
    expect(overallPercent('ffmpeg', 'extracting-frames', 2)).toBe(75);
    expect(overallPercent('ffmpeg', 'merging', Number.NaN)).toBe(90);
    expect(overallPercent('mediabunny', 'loading-engine', 1)).toBe(5);
  });
});

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
