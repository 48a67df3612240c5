// Frames through ffmpeg.wasm, for what WebCodecs cannot decode here (HEVC in this Chromium, no WebCodecs at all) or
// Mediabunny cannot read (AVI, WMV, FLV…). ffmpeg.wasm's JPEG output crashes (MACHINE-NOTES "Video"), so it writes raw
// RGBA frames of the picture's size, read back and put into the sprite's cells. Its files are deleted at the end.
import { FFFSType } from '@ffmpeg/ffmpeg';
import type { FfmpegEngine } from '../../lib/video/ffmpeg-engine';
import type { Rect } from '../../../common/video/video360-options';
import { parseFfmpegInfo, type FfmpegVideoInfo } from './ffmpeg-info';
import { putRgbaPicture, type SpriteCanvas } from './sprite-canvas';

const INPUT = 'video360-input';
const OUTPUT = 'video360-frames.raw';
const MOUNT = '/video360-mount';

/** The engine's log while `work` runs (its last lines explain a failure). */
async function withLog<T>(engine: FfmpegEngine, work: (lines: string[]) => Promise<T>): Promise<T> {
  const lines: string[] = [];
  const listen = ({ message }: { message: string }) => {
    lines.push(message);
    if (lines.length > 400) lines.splice(0, 100);
  };
  engine.ffmpeg.on('log', listen);
  try {
    return await work(lines);
  } finally {
    engine.ffmpeg.off('log', listen);
  }
}

/** The file as the engine sees it, removed (with the frames) by `release`. */
export type FfmpegInput = { engine: FfmpegEngine; path: string; release: () => Promise<void> };

/**
 * Hands the file to the engine. Mounted read-only (WORKERFS), ffmpeg reads it from the Blob as it goes, so a large
 * file is never copied whole into the engine's memory; where mounting fails it is written into that memory.
 */
export async function writeInput(engine: FfmpegEngine, file: Blob): Promise<FfmpegInput> {
  try {
    await engine.ffmpeg.createDir(MOUNT);
    await engine.ffmpeg.mount(FFFSType.WORKERFS, { blobs: [{ name: INPUT, data: file }] }, MOUNT);
    return {
      engine,
      path: `${MOUNT}/${INPUT}`,
      release: async () => {
        await engine.deleteFiles(OUTPUT);
        await engine.ffmpeg.unmount(MOUNT).catch(() => undefined);
        await engine.ffmpeg.deleteDir(MOUNT).catch(() => undefined);
      },
    };
  } catch {
    await engine.ffmpeg.deleteDir(MOUNT).catch(() => undefined);
    await engine.writeFile(INPUT, new Uint8Array(await file.arrayBuffer()));
    return { engine, path: INPUT, release: () => engine.deleteFiles(INPUT, OUTPUT) };
  }
}

/** What `ffmpeg -i` says of the input: its size and duration; null when it finds no video in it. */
export async function analyseInput(input: FfmpegInput, signal: AbortSignal): Promise<FfmpegVideoInfo | null> {
  return withLog(input.engine, async (lines) => {
    // No output file: ffmpeg prints the input's description and exits with an error code, which is expected.
    await input.engine.run(['-hide_banner', '-i', input.path], { signal });
    return parseFfmpegInfo(lines.join('\n'));
  });
}

/**
 * Extracts up to `frames` frames at `rate` a second, scaled to the picture's size, and puts them into the sprite;
 * answers how many were put.
 */
export async function extractWithFfmpeg(
  input: FfmpegInput,
  {
    frames,
    rate,
    sprite,
    picture,
    signal,
    onExtracting,
    onReading,
  }: {
    frames: number;
    rate: number;
    sprite: SpriteCanvas;
    picture: Rect;
    signal: AbortSignal;
    onExtracting: (ratio: number) => void;
    onReading: (done: number, total: number) => void;
  },
): Promise<number> {
  const { engine } = input;
  const filter = `fps=${rate.toFixed(6)},scale=${picture.width}:${picture.height}:flags=bicubic`;
  await withLog(engine, async (lines) => {
    const exit = await engine.run(
      [
        '-hide_banner',
        '-i',
        input.path,
        '-an',
        '-sn',
        '-dn',
        '-vf',
        filter,
        '-frames:v',
        String(frames),
      ].concat(['-f', 'rawvideo', '-pix_fmt', 'rgba', OUTPUT]),
      { signal, onProgress: (ratio) => onExtracting(ratio) },
    );
    if (exit !== 0) {
      const last = lines
        .filter((line) => line.trim() !== '')
        .slice(-2)
        .join(' ');
      throw new Error(`ffmpeg could not extract frames (exit code ${exit})${last ? `: ${last}` : ''}`);
    }
  });
  signal.throwIfAborted();
  const data = await engine.readFile(OUTPUT);
  await engine.deleteFiles(OUTPUT);
  const frameBytes = picture.width * picture.height * 4;
  const count = Math.min(frames, Math.floor(data.byteLength / frameBytes));
  for (let index = 0; index < count; index++) {
    signal.throwIfAborted();
    const rgba = new Uint8ClampedArray(data.buffer, data.byteOffset + index * frameBytes, frameBytes);
    putRgbaPicture(sprite, index, rgba, picture);
    onReading(index + 1, count);
    // Let the page paint the progress now and then.
    if (index % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return count;
}
