// Journeys of the in-browser Video Converter (issue 16; spec part 1 §2, §4, §5, §8, §9) in Chromium: clips made by
// Debian's ffmpeg, converted by the screen, the downloads read back with ffprobe. Every engine file comes from the
// app itself: a journey fails on any request to another host.
import assert from 'node:assert/strict';
import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseLanguage, type Language } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import { makeClip, probe } from './fixtures/video-clips';
import { expectOnlyThisApp, expectText, localNumber, openTrackedTool, textOf, type NewPage } from './helpers';

const ENGINE_FILES = '**/vendor/ffmpeg/**';

/** The converter's tab, with every request's URL kept (to check that none leaves the app). */
const openConverter = (newPage: NewPage, setup?: (page: Page) => Promise<void>) =>
  openTrackedTool(newPage, 'video-converter', setup);

async function engineReady(page: Page): Promise<string> {
  const ready = page.getByTestId('video-engine-ready');
  await ready.waitFor({ timeout: 60_000 });
  return textOf(ready);
}

async function convertAndDownload(page: Page): Promise<{ name: string; file: string }> {
  await page.getByTestId('video-convert').click();
  return convertAndDownloadAfterClick(page);
}

export const videoConverterJourneys: Journey[] = [
  {
    name: 'Video Converter: H.264 with WebCodecs, a measured estimate, progress, the download read back by ffprobe, its sizes in English and Vietnamese; no request leaves the app',
    run: async ({ baseUrl, newPage, screenshot }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 4 });
      const { page, urls } = await openConverter(newPage);
      assert.match(await engineReady(page), /^Video engine ready: ffmpeg\.wasm 0\.12\.10 \(multi-thread\)$/);
      // The page is cross-origin isolated (COOP/COEP), so the multi-thread engine runs.
      assert.equal(await page.evaluate(() => globalThis.crossOriginIsolated), true);

      await page.getByTestId('video-file').setInputFiles(clip);
      await expectText(
        page.getByTestId('video-engine-in-use'),
        'Engine for this file: WebCodecs (Mediabunny 1.61.0)',
      );
      await eventually(
        async () =>
          assert.match(
            await textOf(page.getByTestId('video-estimate')),
            /^Estimated time: about \d+ s \(measured on this device\)$/,
          ),
        60_000,
      );
      await screenshot(page, 'video-converter-ready');
      await page.getByTestId('video-convert').click();
      // Real progress while it runs (a 4 s clip may finish quickly: the result or the progress, then the result).
      await page.locator('[data-testid="video-progress"], [data-testid="video-result"]').first().waitFor();
      const { name, file } = await convertAndDownloadAfterClick(page);
      assert.equal(name, `${path.basename(clip, '.mp4')}-optimized.mp4`);
      assert.match(
        await textOf(page.getByTestId('video-result-summary')),
        /^Converted in \d+ s with WebCodecs \(Mediabunny 1\.61\.0\)$/,
      );
      assert.match(
        await textOf(page.getByTestId('video-result-sizes')),
        /^Input: \d+\.\d MB · Output: \d+\.\d MB$/,
      );
      // Issue 44: the sizes in the reader's language, with one decimal ('0.4 MB' in English, '0,4 MB' in Vietnamese).
      const megabytes = async (at: string, language: Language) =>
        localNumber((await stat(at)).size / 1024 / 1024, language, 1);
      await expectText(
        page.getByTestId('video-result-sizes'),
        `Input: ${await megabytes(clip, 'en')} MB · Output: ${await megabytes(file, 'en')} MB`,
      );
      await chooseLanguage(page, 'vi');
      await expectText(
        page.getByTestId('video-result-sizes'),
        `Đầu vào: ${await megabytes(clip, 'vi')} MB · Đầu ra: ${await megabytes(file, 'vi')} MB`,
      );
      await chooseLanguage(page, 'en');
      const probed = await probe(file);
      const video = probed.streams.find((s) => s.codec_type === 'video');
      const audio = probed.streams.find((s) => s.codec_type === 'audio');
      assert.equal(video?.codec_name, 'h264');
      assert.equal(video?.width, 640);
      assert.equal(audio?.codec_name, 'aac', 'the sound is kept');
      assert.ok(Math.abs(probed.duration - 4) < 0.3, `duration ${probed.duration}`);
      await screenshot(page, 'video-converter-done');

      await page.getByTestId('video-another').click();
      await page.getByTestId('video-convert').waitFor();
      assert.equal(await page.getByTestId('video-file-chosen').count(), 0);
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: 'Video Converter: H.265 with ffmpeg.wasm multi-thread (libx265, hvc1, AAC) that finishes',
    run: async ({ baseUrl, newPage }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 2 });
      const { page, urls } = await openConverter(newPage);
      await engineReady(page);
      await page.getByTestId('video-codec-h265').check();
      await page.getByTestId('video-file').setInputFiles(clip);
      // This Chromium has no H.265 encoder: the multi-thread core does it.
      await expectText(
        page.getByTestId('video-engine-in-use'),
        'Engine for this file: ffmpeg.wasm 0.12.10 (multi-thread)',
        60_000,
      );
      await eventually(
        async () => assert.match(await textOf(page.getByTestId('video-estimate')), /^Estimated time: about /),
        90_000,
      );
      const { name, file } = await convertAndDownload(page);
      assert.equal(name, `${path.basename(clip, '.mp4')}-h265.mp4`);
      const probed = await probe(file);
      const video = probed.streams.find((s) => s.codec_type === 'video');
      assert.equal(video?.codec_name, 'hevc');
      assert.equal(video?.codec_tag_string, 'hvc1');
      assert.equal(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name, 'aac');
      assert.ok(Math.abs(probed.duration - 2) < 0.3, `duration ${probed.duration}`);
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: "Video Converter: 'No file selected', 'Please select a video file', 'FFmpeg is still loading, please wait...', Cancel",
    run: async ({ newPage }) => {
      // The engine's files are held back until the journey lets them through.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { page } = await openConverter(newPage, async (p) => {
        await p.route(ENGINE_FILES, async (route) => {
          await held;
          await route.continue();
        });
      });
      await page.getByTestId('video-engine-loading').waitFor();
      await page.getByTestId('video-convert').click();
      await expectText(page.getByTestId('video-problem'), 'No file selected');
      const text = path.join(await mkdtemp(path.join(tmpdir(), 'bct-e2e-text-')), 'not-a-video.txt');
      await writeFile(text, 'hello');
      await page.getByTestId('video-file').setInputFiles(text);
      await expectText(page.getByTestId('video-problem'), 'Please select a video file');
      const clip = await makeClip({ width: 640, height: 360, seconds: 12 });
      await page.getByTestId('video-file').setInputFiles(clip);
      await page.getByTestId('video-convert').click();
      await expectText(page.getByTestId('video-problem'), 'FFmpeg is still loading, please wait...');

      release();
      await engineReady(page);
      // H.265 of a 12 s clip takes a while: Cancel stops it and the screen is ready again.
      await page.getByTestId('video-codec-h265').check();
      await page.getByTestId('video-engine-in-use').waitFor({ timeout: 60_000 });
      await page.getByTestId('video-convert').click();
      await page.getByTestId('video-progress').waitFor({ timeout: 60_000 });
      await page.getByTestId('video-cancel').click();
      await page.getByTestId('video-convert').waitFor();
      assert.equal(await page.getByTestId('video-result').count(), 0);
      // The stopped engine is replaced.
      await engineReady(page);
    },
  },
  {
    name: "Video Converter: an engine that fails to load says 'Failed to load FFmpeg: ...' with suggestions, and Try Again loads it",
    run: async ({ newPage, screenshot }) => {
      const { page } = await openConverter(newPage, async (p) => {
        await p.route(ENGINE_FILES, (route) => route.fulfill({ status: 500, body: 'broken core' }));
      });
      const failed = page.getByTestId('video-engine-failed');
      await failed.waitFor({ timeout: 60_000 });
      assert.match(await textOf(failed), /^Failed to load FFmpeg: .+/);
      assert.ok(
        (await textOf(failed)).includes(
          'Try the following: use a current version of Chrome, Edge or Firefox; disable extensions that block scripts; clear the browser cache; check your internet connection.',
        ),
      );
      await screenshot(page, 'video-converter-load-failed');
      await page.unroute(ENGINE_FILES);
      await page.getByTestId('video-engine-retry').click();
      await engineReady(page);
    },
  },
  {
    name: 'Video Converter: a file too large for the device memory is refused up front, with the reason',
    run: async ({ newPage }) => {
      // A device that reports 0.1 GB: the engine takes up to 12.8 MB (128 MB per GB).
      const { page } = await openConverter(newPage, async (p) => {
        // A text script: tsx would wrap a named getter written here in a helper the page does not have.
        await p.addInitScript({
          content: "Object.defineProperty(Navigator.prototype, 'deviceMemory', { get() { return 0.1; } });",
        });
      });
      await engineReady(page);
      await page.getByTestId('video-file').setInputFiles(
        {
          name: 'huge.mp4',
          mimeType: 'video/mp4',
          buffer: Buffer.alloc(16 * 1024 * 1024),
        },
        { timeout: 60_000 },
      );
      await expectText(
        page.getByTestId('video-too-large'),
        'This file is 16.0 MB: on this device (0.1 GB of memory) the engine takes files up to 12.8 MB. Please choose a shorter or smaller video.',
        60_000,
      );
      await page.getByTestId('video-convert').click();
      assert.equal(await page.getByTestId('video-progress').count(), 0);
      assert.equal(await page.getByTestId('video-estimate').count(), 0);
    },
  },
  {
    name: "Video Converter: a file that says it is a video but is not one ends in 'Conversion failed: ...' and Convert Another",
    run: async ({ newPage }) => {
      const { page } = await openConverter(newPage);
      await engineReady(page);
      await page.getByTestId('video-file').setInputFiles({
        name: 'broken.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from('this is not a video at all'.repeat(1000)),
      });
      // Mediabunny cannot read it: ffmpeg.wasm is asked, and cannot either.
      await expectText(
        page.getByTestId('video-engine-in-use'),
        'Engine for this file: ffmpeg.wasm 0.12.10 (multi-thread)',
        60_000,
      );
      await page.getByTestId('video-convert').click();
      const failed = page.getByTestId('video-failed');
      await failed.waitFor({ timeout: 60_000 });
      assert.match(
        await textOf(failed),
        /^Conversion failed: ffmpeg ended with code \d+ Convert Another Video$/,
      );
      await page.getByTestId('video-another').click();
      await page.getByTestId('video-convert').waitFor();
    },
  },
  {
    name: 'Video Converter: where this browser cannot make H.265 it says so and offers the cloud converter with the same file',
    run: async ({ newPage }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 2 });
      // A browser without SharedArrayBuffer (not isolated): only the single-thread core, never used for libx265.
      const { page } = await openConverter(newPage, async (p) => {
        await p.addInitScript(() => {
          Object.defineProperty(globalThis, 'crossOriginIsolated', { value: false });
        });
      });
      assert.match(await engineReady(page), /\(single-thread\)$/);
      await page.getByTestId('video-codec-h265').check();
      await page.getByTestId('video-file').setInputFiles(clip);
      await expectText(
        page.getByTestId('video-no-engine'),
        'This browser cannot make H.265 videos: it has no H.265 encoder and cannot run the multi-thread engine. Convert it in the cloud instead',
        60_000,
      );
      await page.getByTestId('video-open-cloud').click();
      await eventually(() => assert.match(page.url(), /[?&]tab=video-h265-converter/));
    },
  },
];

/** The download after Convert was clicked. */
async function convertAndDownloadAfterClick(page: Page): Promise<{ name: string; file: string }> {
  const download = page.getByTestId('video-download');
  await download.waitFor({ timeout: 120_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const saved = path.join(tmpdir(), `bct-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), file: saved };
}
