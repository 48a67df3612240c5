// Conversion with ffmpeg.wasm (the multi-thread core, or the single-thread core for H.264 only): H.264 with the
// ultrafast preset and AAC (spec part 1 §9), H.265 with libx265, the `hvc1` tag and AAC.
import type { FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import type { TargetCodec } from './converter-rules';

const INPUT = 'input.media';
const OUTPUT = 'output.mp4';

export function ffmpegArgs(codec: TargetCodec, { sampleSeconds }: { sampleSeconds?: number } = {}): string[] {
  const video =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast']
      : ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];
  return [
    '-i',
    INPUT,
    ...(sampleSeconds ? ['-t', String(sampleSeconds)] : []),
    ...video,
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-y',
    OUTPUT,
  ];
}

/** Puts the file in the engine's memory (kept there for the speed sample and the conversion). */
export async function loadInput(engine: FfmpegEngine, file: Blob): Promise<void> {
  await engine.writeFile(INPUT, new Uint8Array(await file.arrayBuffer()));
}

export async function convertWithFfmpeg(
  engine: FfmpegEngine,
  codec: TargetCodec,
  {
    durationSeconds,
    onProgress,
    signal,
    sampleSeconds,
  }: {
    durationSeconds: number | null;
    onProgress?: (ratio: number) => void;
    signal?: AbortSignal;
    sampleSeconds?: number;
  },
): Promise<Uint8Array> {
  const length = sampleSeconds ?? durationSeconds;
  const code = await engine.run(ffmpegArgs(codec, sampleSeconds ? { sampleSeconds } : {}), {
    ...(signal ? { signal } : {}),
    // ffmpeg's own ratio is unreliable for some inputs: the media time reached over the length is.
    onProgress: (ratio, seconds) =>
      onProgress?.(length && seconds > 0 ? Math.min(1, seconds / length) : ratio),
  });
  try {
    if (code !== 0) throw new Error(`ffmpeg ended with code ${code}`);
    return await engine.readFile(OUTPUT);
  } finally {
    await engine.deleteFiles(OUTPUT);
  }
}

export async function releaseInput(engine: FfmpegEngine): Promise<void> {
  if (!engine.isTerminated) await engine.deleteFiles(INPUT, OUTPUT);
}
