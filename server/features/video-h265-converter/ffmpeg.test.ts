import { describe, expect, it } from 'vitest';
import { sniffContainer } from './container';
import { buildYearOf, encodeArgs, MAX_OUTPUT_FRAMES, parseProbe, ProbeError } from './ffmpeg';
import { keySafeName, outputNameOf } from './video-h265-converter.service';

const H264 = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 806 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 640x360 [SAR 1:1 DAR 16:9], 731 kb/s, 29.97 fps, 29.97 tbr, 15360 tbn (default)
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s (default)
At least one output file must be specified`;

const HEVC = `  Duration: 00:00:10.00, start: 0.000000, bitrate: 3000 kb/s
  Stream #0:0[0x1](und): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, progressive), 1920x1080 [SAR 1:1 DAR 16:9], 3763 kb/s, 30 fps, 30 tbr, 15360 tbn (default)`;

describe('reading ffmpeg -i', () => {
  it('reads duration, size, frame rate and codecs', () => {
    expect(parseProbe(H264)).toEqual({
      durationSeconds: 62.5,
      width: 640,
      height: 360,
      frameRate: 29.97,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(parseProbe(HEVC)).toMatchObject({
      width: 1920,
      height: 1080,
      videoCodec: 'hevc',
      audioCodec: null,
    });
  });

  it('tells a file without video from one it cannot read', () => {
    const audioOnly = `  Duration: 00:00:01.00, start: 0.000000, bitrate: 130 kb/s
  Stream #0:0[0x1](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 128 kb/s (default)`;
    expect(() => parseProbe(audioOnly)).toThrow(ProbeError);
    expect(() => parseProbe(audioOnly)).toThrow('The file has no video stream');
    try {
      parseProbe('input: Invalid data found when processing input');
    } catch (error) {
      expect((error as ProbeError).kind).toBe('unreadable');
    }
    expect(() => parseProbe('')).toThrow('could not be read');
  });
});

describe('the conversion command', () => {
  const media = {
    durationSeconds: 2,
    width: 640,
    height: 360,
    frameRate: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
  };
  it('asks for libx265 with the hvc1 tag, AAC, +faststart and progress on stdout', () => {
    const args = encodeArgs({ path: '/tmp/in', container: 'mov' }, 'out.mp4', 'fast', media).join(' ');
    expect(args).toContain('-c:v libx265 -preset fast -crf 28');
    expect(args).toContain('-tag:v hvc1');
    expect(args).toContain('-c:a aac -b:a 128000');
    expect(args).toContain('-movflags +faststart');
    expect(args).toContain('-progress pipe:1 -nostats');
    expect(args).toContain('-map 0:a:0?');
    expect(args).not.toContain('scale=');
  });
  it('names the container, allows only files, and never lets a QuickTime file reach another one (issue 26)', () => {
    const mov = encodeArgs({ path: '/tmp/in', container: 'mov' }, 'out.mp4', 'fast', media).join(' ');
    expect(mov).toContain('-protocol_whitelist file -f mov -enable_drefs 0 -i file:/tmp/in');
    expect(mov).toContain(`-frames:v ${MAX_OUTPUT_FRAMES}`);
    const mkv = encodeArgs({ path: '/tmp/in', container: 'matroska' }, 'out.mp4', 'fast', media).join(' ');
    expect(mkv).toContain('-protocol_whitelist file -f matroska -i file:/tmp/in');
  });
  it('rounds odd sizes down to even ones (4:2:0)', () => {
    expect(
      encodeArgs({ path: '/tmp/in', container: 'mov' }, 'out', 'medium', { ...media, width: 641 }).join(' '),
    ).toContain('scale=trunc(iw/2)*2:trunc(ih/2)*2');
  });
});

describe('names', () => {
  it('keeps keys to safe characters', () => {
    expect(keySafeName('My clip (final).MOV')).toBe('My-clip-final-.MOV');
    expect(keySafeName('../../etc/passwd')).toBe('etc-passwd');
    expect(keySafeName('....')).toBe('video');
    expect(keySafeName('Phở bò.mp4')).toBe('Pho-bo.mp4');
  });
  it('names the output as the in-browser converter does', () => {
    expect(outputNameOf('clip.final.mov')).toBe('clip.final-h265.mp4');
    expect(outputNameOf('C:\\videos\\shoe.avi')).toBe('shoe-h265.mp4');
    expect(outputNameOf('.mp4')).toBe('video-h265.mp4');
  });
});

describe('the container of an upload (issue 26)', () => {
  const bytes = (...parts: (string | number[])[]) =>
    Uint8Array.from(
      parts.flatMap((part) => (typeof part === 'string' ? [...part].map((ch) => ch.charCodeAt(0)) : part)),
    );
  it('recognises the accepted video containers by their signatures', () => {
    expect(sniffContainer(bytes([0, 0, 0, 32], 'ftypisom', [0, 0, 2, 0]))).toEqual({
      ok: true,
      container: 'mov',
    });
    expect(sniffContainer(bytes([0x1a, 0x45, 0xdf, 0xa3], 'xxxxxxxxxxxx'))).toEqual({
      ok: true,
      container: 'matroska',
    });
    expect(sniffContainer(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toEqual({ ok: true, container: 'avi' });
    expect(sniffContainer(bytes('FLV', [1, 5, 0, 0, 0, 9, 0, 0, 0, 0]))).toEqual({
      ok: true,
      container: 'flv',
    });
    const ts = new Uint8Array(188 * 3);
    for (let i = 0; i < 3; i += 1) ts[i * 188] = 0x47;
    expect(sniffContainer(ts)).toEqual({ ok: true, container: 'mpegts' });
  });
  it('refuses playlists and lists of files, and anything it does not know', () => {
    expect(sniffContainer(bytes('#EXTM3U\n#EXT-X-VERSION:3\n'))).toEqual({ ok: false, reason: 'playlist' });
    expect(sniffContainer(bytes([0xef, 0xbb, 0xbf], '#EXTM3U\n'))).toEqual({ ok: false, reason: 'playlist' });
    expect(sniffContainer(bytes('ffconcat version 1.0\nfile /etc/x\n'))).toEqual({
      ok: false,
      reason: 'playlist',
    });
    expect(sniffContainer(bytes('<?xml version="1.0"?><MPD>'))).toEqual({ ok: false, reason: 'playlist' });
    expect(sniffContainer(bytes('[playlist]\nFile1=/x\n'))).toEqual({ ok: false, reason: 'playlist' });
    expect(sniffContainer(bytes('hello, this is not a video at all'))).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(sniffContainer(new Uint8Array(0))).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('the age of a build', () => {
  it('reads the last year of the copyright line', () => {
    expect(
      buildYearOf(
        'ffmpeg version N-47683-g0e8eb07980-static https://x/  Copyright (c) 2000-2018 the FFmpeg developers',
      ),
    ).toBe(2018);
    expect(buildYearOf('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers')).toBe(
      2026,
    );
    expect(buildYearOf('ffmpeg version 7.1')).toBeNull();
  });
});
