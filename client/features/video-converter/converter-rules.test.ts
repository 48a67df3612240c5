import { describe, expect, it } from 'vitest';
import type { VideoProbe } from '../../lib/video/media-probe';
import {
  chooseEngine,
  estimateSeconds,
  isVideoFile,
  maxFileBytes,
  megabytes,
  outputName,
  timeLeftSeconds,
  type Capabilities,
} from './converter-rules';

const probe = (over: Partial<VideoProbe> = {}): VideoProbe => ({
  duration: 10,
  width: 1280,
  height: 720,
  frameRate: 30,
  videoCodec: 'avc',
  audioCodec: 'aac',
  hasAudio: true,
  canDecodeVideo: true,
  canDecodeAudio: true,
  ...over,
});
const caps = (over: Partial<Capabilities> = {}): Capabilities => ({
  encodeVideo: true,
  encodeAac: true,
  ffmpegCore: 'core-mt',
  ...over,
});

describe('chooseEngine (best first)', () => {
  it('takes WebCodecs when it decodes the file and encodes both tracks', () => {
    expect(chooseEngine('h264', probe(), caps())).toEqual({ ok: true, engine: 'webcodecs' });
    // A silent clip needs no AAC encoder.
    expect(chooseEngine('h264', probe({ hasAudio: false }), caps({ encodeAac: false }))).toEqual({
      ok: true,
      engine: 'webcodecs',
    });
  });

  it('falls back to the multi-thread core when WebCodecs lacks the codec, AAC or decoding', () => {
    expect(chooseEngine('h265', probe(), caps({ encodeVideo: false }))).toEqual({
      ok: true,
      engine: 'ffmpeg-mt',
    });
    expect(chooseEngine('h264', probe(), caps({ encodeAac: false }))).toEqual({
      ok: true,
      engine: 'ffmpeg-mt',
    });
    expect(chooseEngine('h264', probe({ canDecodeVideo: false }), caps())).toEqual({
      ok: true,
      engine: 'ffmpeg-mt',
    });
    expect(chooseEngine('h264', null, caps())).toEqual({ ok: true, engine: 'ffmpeg-mt' });
  });

  it('uses the single-thread core for H.264 only, never for libx265', () => {
    const st = caps({ encodeVideo: false, ffmpegCore: 'core' });
    expect(chooseEngine('h264', probe(), st)).toEqual({ ok: true, engine: 'ffmpeg-st' });
    expect(chooseEngine('h265', probe(), st)).toEqual({ ok: false, reason: 'h265-unavailable' });
    expect(chooseEngine('h264', probe(), caps({ encodeVideo: false, ffmpegCore: null }))).toEqual({
      ok: false,
      reason: 'no-engine',
    });
  });
});

describe('maxFileBytes (the size guard)', () => {
  const MB = 1024 * 1024;
  it('scales with the device memory, capped, with 4 GB assumed when unknown', () => {
    expect(maxFileBytes('webcodecs', 2)).toBe(512 * MB);
    expect(maxFileBytes('webcodecs', 8)).toBe(2048 * MB);
    expect(maxFileBytes('webcodecs', null)).toBe(1024 * MB);
    expect(maxFileBytes('ffmpeg-mt', 0.5)).toBe(64 * MB);
    expect(maxFileBytes('ffmpeg-st', 8)).toBe(1024 * MB);
    expect(maxFileBytes('ffmpeg-mt', null)).toBe(512 * MB);
  });
});

describe('names and texts', () => {
  it("names outputs '{base}-optimized.mp4' and '{base}-h265.mp4'", () => {
    expect(outputName('Chair spin.mov', 'h264')).toBe('Chair spin-optimized.mp4');
    expect(outputName('a.b.mp4', 'h265')).toBe('a.b-h265.mp4');
    expect(outputName('noext', 'h264')).toBe('noext-optimized.mp4');
  });

  it('takes only video types', () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'video/quicktime' })).toBe(true);
    expect(isVideoFile({ type: 'text/plain' })).toBe(false);
    expect(isVideoFile({ type: '' })).toBe(false);
  });

  it('formats sizes', () => {
    expect(megabytes(1536 * 1024)).toBe('1.5');
    expect(megabytes(1536 * 1024, 'vi')).toBe('1,5');
  });
});

describe('estimate and time left', () => {
  it('scales the measured sample to the whole clip', () => {
    expect(estimateSeconds({ sampleWallSeconds: 1, sampleMediaSeconds: 2, durationSeconds: 20 })).toBe(10);
    expect(
      estimateSeconds({
        sampleWallSeconds: 3,
        sampleMediaSeconds: 2,
        durationSeconds: 10,
        startupSeconds: 1,
      }),
    ).toBe(11);
    expect(estimateSeconds({ sampleWallSeconds: 2, sampleMediaSeconds: 0, durationSeconds: 10 })).toBe(2);
  });

  it('says the time left once there is progress to go by', () => {
    expect(timeLeftSeconds(10, 0.01)).toBeNull();
    expect(timeLeftSeconds(0.2, 0.5)).toBeNull();
    expect(timeLeftSeconds(10, 0.25)).toBe(30);
    expect(timeLeftSeconds(10, 1)).toBe(0);
  });
});
