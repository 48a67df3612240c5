// Bench P4/P5's page (bundled by `video.bench.ts`, loaded into a page of the app so it is cross-origin isolated and
// its engine files come from the app): the screens' own conversion code against ffmpeg.wasm's single-thread core,
// the original product's engine, on the same clip.
import { initialVideo360Form, readVideo360Form } from '../../common/video/video360-options';
import { convertVideo360 } from '../../client/features/video-360-converter/convert-video360';
import { convertWithFfmpeg, loadInput } from '../../client/features/video-converter/ffmpeg-convert';
import { convertWithWebCodecs } from '../../client/features/video-converter/webcodecs-convert';
import { loadFfmpeg, type FfmpegCore } from '../../client/lib/video/ffmpeg-engine';
import { probeVideo } from '../../client/lib/video/media-probe';

async function fetchClip(url: string): Promise<File> {
  const res = await fetch(url);
  return new File([await res.blob()], url.split('/').pop() ?? 'clip.mp4', { type: 'video/mp4' });
}

type Timed = { ms: number; bytes: number; engine: string; loadMs?: number };

/** The screen's H.264 or H.265 with WebCodecs (Mediabunny). */
async function webCodecs(url: string, codec: 'h264' | 'h265'): Promise<Timed> {
  const file = await fetchClip(url);
  const started = performance.now();
  const bytes = await convertWithWebCodecs(file, codec);
  return { ms: performance.now() - started, bytes: bytes.byteLength, engine: 'WebCodecs (Mediabunny)' };
}

/** ffmpeg.wasm with one core: engine load, file in, conversion (load time reported apart). */
async function ffmpeg(url: string, codec: 'h264' | 'h265', core: FfmpegCore): Promise<Timed> {
  const file = await fetchClip(url);
  const probe = await probeVideo(file);
  const loadStarted = performance.now();
  const engine = await loadFfmpeg(core);
  const loadMs = performance.now() - loadStarted;
  try {
    const started = performance.now();
    await loadInput(engine, file);
    const bytes = await convertWithFfmpeg(engine, codec, { durationSeconds: probe?.duration ?? null });
    return { ms: performance.now() - started, bytes: bytes.byteLength, engine: engine.label, loadMs };
  } finally {
    engine.terminate();
  }
}

/** The 360 screen's conversion (90 frames, default options): Mediabunny, or with `ffmpegCore` its ffmpeg path. */
async function sprite(
  url: string,
  ffmpegCore: FfmpegCore | null,
): Promise<Timed & { width: number; height: number }> {
  const file = await fetchClip(url);
  const { options } = readVideo360Form(initialVideo360Form);
  const engines: { terminate: () => void }[] = [];
  const started = performance.now();
  try {
    const result = await convertVideo360(file, options, {
      hasWebCodecs: ffmpegCore === null,
      getFfmpeg: async () => {
        const engine = await loadFfmpeg(ffmpegCore ?? 'core');
        engines.push(engine);
        return engine;
      },
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    const bitmap = await createImageBitmap(result.blob);
    const out = {
      ms: performance.now() - started,
      bytes: result.blob.size,
      engine: result.engine,
      width: bitmap.width,
      height: bitmap.height,
    };
    bitmap.close();
    return out;
  } finally {
    for (const engine of engines) engine.terminate();
  }
}

/**
 * The original product's 360 pipeline on ffmpeg.wasm's single-thread core: JPEG frames at frames/duration fps with
 * quality 8, scaled to 500 px, then merged on a canvas into one JPEG (0.92).
 */
async function originalSprite(url: string, frames = 90): Promise<Timed & { width: number; height: number }> {
  const file = await fetchClip(url);
  const probe = await probeVideo(file);
  const duration = probe?.duration ?? 20;
  const started = performance.now();
  const engine = await loadFfmpeg('core');
  try {
    await engine.writeFile('input.mp4', new Uint8Array(await file.arrayBuffer()));
    const code = await engine.run([
      '-i',
      'input.mp4',
      '-vf',
      `fps=${frames / duration},scale=500:-2`,
      '-q:v',
      '8',
      '-frames:v',
      String(frames),
      'frame%03d.jpg',
    ]);
    if (code !== 0) throw new Error(`ffmpeg ended with ${code}`);
    const bitmaps: ImageBitmap[] = [];
    for (let i = 1; i <= frames; i++) {
      let data: Uint8Array;
      try {
        data = await engine.readFile(`frame${String(i).padStart(3, '0')}.jpg`);
      } catch {
        break;
      }
      bitmaps.push(
        await createImageBitmap(new Blob([data as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' })),
      );
    }
    const first = bitmaps[0];
    if (!first) throw new Error('no frames');
    const columns = Math.ceil(Math.sqrt(bitmaps.length));
    const rows = Math.ceil(bitmaps.length / columns);
    const canvas = new OffscreenCanvas(columns * first.width, rows * first.height);
    const ctx = canvas.getContext('2d')!;
    bitmaps.forEach((bitmap, i) =>
      ctx.drawImage(bitmap, (i % columns) * first.width, Math.floor(i / columns) * first.height),
    );
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    for (const bitmap of bitmaps) bitmap.close();
    return {
      ms: performance.now() - started,
      bytes: blob.size,
      engine: 'ffmpeg.wasm 0.12.10 (single-thread), JPEG frames',
      width: canvas.width,
      height: canvas.height,
    };
  } finally {
    engine.terminate();
  }
}

Object.assign(window, { P45: { webCodecs, ffmpeg, sprite, originalSprite } });
