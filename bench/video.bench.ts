// P4/P5 (issue 16), in Debian's headless Chromium, in one run, on clips made by Debian's ffmpeg:
//   P4 H.264, 1080p 20 s: the Video Converter's engine for this browser (WebCodecs through Mediabunny) against
//      ffmpeg.wasm's single-thread core (the original product's engine: ultrafast, AAC) on the same clip;
//   P5 360 sprite, 90 frames of the same clip: the Video 360 Converter (Mediabunny CanvasSink) against the original
//      pipeline (single-thread core, JPEG frames at quality 8, merged on a canvas);
//   H.265, 720p 10 s: ffmpeg.wasm's multi-thread core (this Chromium has no H.265 encoder): the time it takes.
// The page is a page of the app (cross-origin isolated; engine files from the app); the bench's code and the clips
// are handed to it by Playwright routes on the app's own origin. Engine load is reported apart from the conversion.
// Goals: P4 >= 5x, P5 >= 3x, H.265 finishes.
import { readFile } from 'node:fs/promises';
import { launchBrowser } from '../e2e/harness';
import { makeClip } from '../e2e/fixtures/video-clips';
import { bundleBenchPage, fmt, median, startSandboxApp, type Bench, type BenchRow } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);

type Timed = { ms: number; bytes: number; engine: string; loadMs?: number; width?: number; height?: number };
type P45 = {
  webCodecs(url: string, codec: 'h264' | 'h265'): Promise<Timed>;
  ffmpeg(url: string, codec: 'h264' | 'h265', core: 'core' | 'core-mt'): Promise<Timed>;
  sprite(url: string, ffmpegCore: 'core' | 'core-mt' | null): Promise<Timed>;
  originalSprite(url: string): Promise<Timed>;
};
declare const window: { P45: P45 };

/** The bench page's modules (an entry and the chunks it loads, e.g. ffmpeg.wasm's worker), by file name. */
async function bundlePage(): Promise<Map<string, string | Uint8Array>> {
  const output = await bundleBenchPage('video-p4p5.ts', { formats: ['es'], fileName: 'p45' });
  const files = new Map<string, string | Uint8Array>();
  for (const item of output) files.set(item.fileName, item.type === 'chunk' ? item.code : item.source);
  return files;
}

const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;

export const videoBench: Bench = {
  name: 'P4/P5 video in the browser',
  async run() {
    const clip1080 = await makeClip({ width: 1920, height: 1080, seconds: 20 });
    const clip720 = await makeClip({ width: 1280, height: 720, seconds: 10 });
    const files = await bundlePage();
    const entry = [...files.keys()].find((name) => name.startsWith('p45'));
    if (!entry) throw new Error('no entry chunk');
    const app = await startSandboxApp('sandbox-demo');
    const browser = await launchBrowser();
    const rows: BenchRow[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      page.setDefaultTimeout(300_000);
      await page.route(`${app.url}/__bench/**`, async (route) => {
        const name = new URL(route.request().url()).pathname.slice('/__bench/'.length);
        const body = files.get(name);
        if (body === undefined) return route.fulfill({ status: 404, body: 'not found' });
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: Buffer.from(body) });
      });
      await page.route(`${app.url}/__clips/**`, async (route) => {
        const name = new URL(route.request().url()).pathname.slice('/__clips/'.length);
        const file = name === '1080.mp4' ? clip1080 : clip720;
        await route.fulfill({ status: 200, contentType: 'video/mp4', body: await readFile(file) });
      });
      await page.goto(`${app.url}/?tab=stores`);
      await page.addScriptTag({ url: `/__bench/${entry}`, type: 'module' });
      await page.waitForFunction(() => 'P45' in window);

      const results: Record<string, Timed[]> = { wc264: [], st264: [], sprite: [], original: [], h265: [] };
      for (let run = 0; run < RUNS; run++) {
        results.st264!.push(
          await page.evaluate(() => window.P45.ffmpeg('/__clips/1080.mp4', 'h264', 'core')),
        );
        results.wc264!.push(await page.evaluate(() => window.P45.webCodecs('/__clips/1080.mp4', 'h264')));
        results.original!.push(await page.evaluate(() => window.P45.originalSprite('/__clips/1080.mp4')));
        results.sprite!.push(await page.evaluate(() => window.P45.sprite('/__clips/1080.mp4', null)));
        results.h265!.push(
          await page.evaluate(() => window.P45.ffmpeg('/__clips/720.mp4', 'h265', 'core-mt')),
        );
      }
      const ms = (key: string) => median(results[key]!.map((r) => r.ms));
      const last = (key: string) => results[key]![results[key]!.length - 1]!;
      rows.push({
        bench: 'P4 video converter',
        metric: 'H.264 of a 1080p 20 s clip: ffmpeg.wasm single-thread vs the screen (WebCodecs)',
        baseline: seconds(ms('st264')),
        candidate: seconds(ms('wc264')),
        ratio: ms('st264') / ms('wc264'),
        note: `goal >= 5x; candidate engine: ${last('wc264').engine}; baseline engine load ${seconds(last('st264').loadMs ?? 0)} apart; ${RUNS} run(s)`,
      });
      rows.push({
        bench: 'P5 360 converter',
        metric:
          '90-frame sprite of the same clip: the original pipeline (single-thread, JPEG frames) vs the screen',
        baseline: seconds(ms('original')),
        candidate: seconds(ms('sprite')),
        ratio: ms('original') / ms('sprite'),
        note: `goal >= 3x; candidate engine: ${last('sprite').engine}, ${last('sprite').width}x${last('sprite').height} px, ${fmt(last('sprite').bytes / 1024)} KB`,
      });
      rows.push({
        bench: 'P4 video converter',
        metric: 'H.265 of a 720p 10 s clip with ffmpeg.wasm multi-thread (libx265, hvc1)',
        baseline: 'never finishes (single-thread libx265)',
        candidate: seconds(ms('h265')),
        ratio: 1,
        note: `finishes; engine ${last('h265').engine}, load ${seconds(last('h265').loadMs ?? 0)} apart, ${fmt(last('h265').bytes / 1024)} KB`,
      });
    } finally {
      await browser.close();
      await app.stop();
    }
    return rows;
  },
};
