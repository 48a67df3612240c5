import { describe, expect, it } from 'vitest';
import { handOffFile, takeHandedOffFile } from './file-handoff';

describe('file hand-off between tabs', () => {
  const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' });

  it('gives the file to its target once', () => {
    handOffFile('video-h265-converter', file, 1000);
    expect(takeHandedOffFile('video-converter', 1000)).toBeNull();
    expect(takeHandedOffFile('video-h265-converter', 2000)).toBe(file);
    expect(takeHandedOffFile('video-h265-converter', 2000)).toBeNull();
  });

  it('drops a file not taken within 10 minutes', () => {
    handOffFile('video-h265-converter', file, 0);
    expect(takeHandedOffFile('video-h265-converter', 10 * 60_000 + 1)).toBeNull();
  });
});
