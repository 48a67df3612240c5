// This machine's x265 speed per preset (issue 17), measured once per instance on first need: a 2 s 1280x720 test
// clip encoded as a conversion would (same arguments) with three presets, less ffmpeg's own start-up; the presets
// between are interpolated on a log scale. About 4 s on 2 cores. Every finished conversion folds in the speed of the
// frames it really encoded (`learnSpeed`: outliers ignored, each step bounded), so the estimates follow real videos. Speed belongs to the machine: it is kept per instance.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  foldSpeed,
  learnSpeed,
  type EncodedWork,
  type EncoderSpeeds,
  type X265Preset,
} from '../../../common/video/h265-estimate';
import { encode, encodeArgs, run, type FfmpegBinary } from './ffmpeg';

const CLIP = { width: 1280, height: 720, frameRate: 30, durationSeconds: 2 };
const MEASURED: readonly X265Preset[] = ['ultrafast', 'faster', 'medium'];
/** Presets not measured, the two measured ones they lie between, and how far towards the slower (log scale). */
const BETWEEN: readonly (readonly [X265Preset, X265Preset, X265Preset, number])[] = [
  ['fast', 'faster', 'medium', 0.5],
  ['superfast', 'ultrafast', 'faster', 1 / 3],
  ['veryfast', 'ultrafast', 'faster', 2 / 3],
];

async function measureOnce(binary: FfmpegBinary, dir: string): Promise<EncoderSpeeds> {
  const input = path.join(dir, 'calibration.mp4');
  // A moving test pattern with a little grain, so x265 has some texture to work on.
  const made = await run(
    binary.path,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${CLIP.width}x${CLIP.height}:rate=${CLIP.frameRate},noise=alls=3:allf=t`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(CLIP.durationSeconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '18',
      '-c:a',
      'aac',
      input,
    ],
    { timeoutMs: 60_000 },
  );
  if (made.code !== 0) throw new Error(`the calibration clip was not made: ${made.stderr.slice(-300)}`);
  const startup = await timed(() =>
    run(binary.path, ['-hide_banner', '-nostdin', '-i', input, '-t', '0.04', '-f', 'null', '-'], {
      timeoutMs: 30_000,
    }),
  );
  const megapixels = (CLIP.durationSeconds * CLIP.frameRate * CLIP.width * CLIP.height) / 1e6;
  let speeds: EncoderSpeeds = {};
  for (const preset of MEASURED) {
    const output = path.join(dir, `${preset}.mp4`);
    const args = encodeArgs({ path: input, container: 'mov' }, output, preset, {
      ...CLIP,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    const seconds = await timed(() =>
      encode(binary, args, {
        durationSeconds: CLIP.durationSeconds,
        timeoutMs: 120_000,
        onProgress: () => {},
      }),
    );
    speeds = foldSpeed(speeds, preset, megapixels / Math.max(0.05, seconds - startup));
  }
  for (const [preset, faster, slower, towards] of BETWEEN) {
    const speed = Math.pow(speeds[faster] ?? 1, 1 - towards) * Math.pow(speeds[slower] ?? 1, towards);
    speeds = foldSpeed(speeds, preset, speed);
  }
  return speeds;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

export type SpeedBook = {
  /** The speeds, measured on the first call (shared by concurrent callers). */
  speeds(): Promise<EncoderSpeeds>;
  /** What a finished conversion encoded, folded in by `learnSpeed` (outliers ignored, each step bounded). */
  record(preset: X265Preset, work: EncodedWork): void;
};

export function createSpeedBook(getBinary: () => Promise<FfmpegBinary>, preset?: EncoderSpeeds): SpeedBook {
  let current: EncoderSpeeds | undefined = preset;
  let measuring: Promise<EncoderSpeeds> | undefined;
  return {
    async speeds() {
      if (current) return current;
      measuring ??= (async () => {
        const binary = await getBinary();
        const dir = await mkdtemp(path.join(tmpdir(), 'bct-h265-calibration-'));
        try {
          current = await measureOnce(binary, dir);
          return current;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      })().finally(() => {
        measuring = undefined;
      });
      return measuring;
    },
    record(presetName, work) {
      if (current) current = learnSpeed(current, presetName, work);
    },
  };
}
