import { describe, expect, it } from 'vitest';
import { parseFfmpegInfo } from './ffmpeg-info';

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
