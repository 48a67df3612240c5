// Journeys of the Video 360 Converter (issue 16; spec part 2 §2 "360 screen", §3, §4, §5, §8, §9) in Chromium: clips
// made by Debian's ffmpeg, turned into one 360 JPEG by the screen (Mediabunny on WebCodecs, or the ffmpeg.wasm
// fallback), the download's real pixel size read from its JPEG header and compared with the grid the screen states.
// Every file comes from the app itself: a journey fails on any request to another host. Expected texts are written
// out from the spec, not imported from the catalogues.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseLanguage } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import { makeClip, NOT_A_VIDEO } from './fixtures/video-clips';
import {
  expectOnlyThisApp,
  expectText,
  expectTextIncludes,
  openPage,
  openTrackedTool,
  textOf,
} from './helpers';

const TAB = 'video-360-converter';
const ENGINE_FILES = '**/vendor/ffmpeg/**';
const SUGGESTIONS =
  'Try the following: use a current version of Chrome, Edge or Firefox; disable extensions that block scripts; clear the browser cache; check your internet connection.';

/** The option fields, by what they hold. */
const OPTION_FIELDS = {
  frames: 'video360-frames',
  frameWidth: 'video360-frame-width',
  frameHeight: 'video360-frame-height',
  background: 'video360-background',
  maxWidth: 'video360-max-width',
} as const;

/** The option fields named hold these values (checked in the order given). */
async function expectOptionFields(
  page: Page,
  expected: Partial<Record<keyof typeof OPTION_FIELDS, string>>,
): Promise<void> {
  for (const [key, value] of Object.entries(expected) as [keyof typeof OPTION_FIELDS, string][]) {
    assert.equal(await page.getByTestId(OPTION_FIELDS[key]).inputValue(), value, `${key} is ${value}`);
  }
}

/** A browser without WebCodecs (the ffmpeg.wasm fallback is then the screen's engine, loaded on open). */
async function withoutWebCodecs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const names = [
      'VideoDecoder',
      'VideoEncoder',
      'AudioDecoder',
      'AudioEncoder',
      'VideoFrame',
      'AudioData',
      'EncodedVideoChunk',
      'EncodedAudioChunk',
      'ImageDecoder',
    ];
    for (const name of names) Reflect.deleteProperty(globalThis, name);
  });
}

/** Every progress label the screen shows, kept in the page as it changes. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const label = document.querySelector('[data-testid="video360-progress"] p')?.textContent?.trim();
      if (label && seen.at(-1) !== label) seen.push(label);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function progressSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __progress: string[] }).__progress);
}

/** The pixel size a JPEG's SOF header holds. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.readUInt16BE(0), 0xffd8, 'a JPEG starts with SOI');
  let at = 2;
  while (at + 9 < bytes.length) {
    assert.equal(bytes[at], 0xff, `a marker at ${at}`);
    const marker = bytes[at + 1] ?? 0;
    const length = bytes.readUInt16BE(at + 2);
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrameHeader) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no SOF marker in the JPEG');
}

type Grid = {
  columns: number;
  rows: number;
  frames: number;
  frameWidth: number;
  frameHeight: number;
  width: number;
  height: number;
};

/** `frames` frames of frameWidth x frameHeight laid out in columns x rows: the grid, and the image size it makes. */
function gridOf(
  columns: number,
  rows: number,
  frames: number,
  frameWidth: number,
  frameHeight: number,
): Grid {
  return {
    columns,
    rows,
    frames,
    frameWidth,
    frameHeight,
    width: columns * frameWidth,
    height: rows * frameHeight,
  };
}

async function statedGrid(page: Page): Promise<Grid> {
  const grid = page.getByTestId('video360-grid');
  const read = async (name: string) => Number(await grid.getAttribute(`data-${name}`));
  return {
    columns: await read('columns'),
    rows: await read('rows'),
    frames: await read('frames'),
    frameWidth: await read('frame-width'),
    frameHeight: await read('frame-height'),
    width: await read('width'),
    height: await read('height'),
  };
}

/** The download: its name and bytes. */
async function download(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('video360-download').click(),
  ]);
  const saved = path.join(tmpdir(), `bct-360-${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return { name: file.suggestedFilename(), bytes: await readFile(saved) };
}

async function convertAndWait(page: Page): Promise<void> {
  await page.getByTestId('video360-convert').click();
  await page.getByTestId('video360-result').waitFor({ timeout: 60_000 });
}

/** The grid line says what the image is, and the JPEG's header agrees. */
async function expectJpegMatchesGrid(page: Page, base: string): Promise<Grid> {
  const grid = await statedGrid(page);
  assert.equal(grid.width, grid.columns * grid.frameWidth);
  assert.equal(grid.height, grid.rows * grid.frameHeight);
  assert.ok(grid.columns * grid.rows >= grid.frames && (grid.columns - 1) * grid.rows < grid.frames);
  const { name, bytes } = await download(page);
  assert.equal(name, `${base}-360-viewer.jpg`);
  assert.deepEqual(jpegSize(bytes), { width: grid.width, height: grid.height });
  assert.ok(bytes.length <= 8 * 1024 * 1024, `${bytes.length} bytes is within BigCommerce's 8 MB`);
  await expectTextIncludes(
    page.getByTestId('video360-grid'),
    `${grid.columns} columns × ${grid.rows} rows: ${grid.frames} frames of ${grid.frameWidth} × ${grid.frameHeight} px, one ${grid.width.toLocaleString('en')} × ${grid.height.toLocaleString('en')} px JPEG of`,
  );
  return grid;
}

const clipBase = (clip: string) => path.basename(clip, '.mp4');

export const video360Journeys: Journey[] = [
  {
    name: 'Video 360: a 640x360 3 s clip becomes one JPEG grid (default options, Mediabunny), its numbers in English and Vietnamese, the preview turns, the snippet turns on a page of its own; no request leaves the app',
    run: async ({ baseUrl, newPage, screenshot }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 3 });
      const { page, urls } = await openTrackedTool(newPage, TAB);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await expectTextIncludes(
        page.getByTestId('video360-advice'),
        'Best results with videos under 30 seconds and under 1080p.',
      );
      assert.match(
        await textOf(page.getByTestId('video360-advice')),
        /Videos up to \d{1,3}(,\d{3})*(\.\d)? MB on this device\.$/,
      );
      await expectText(
        page.getByTestId('engine-status'),
        'Engine: Mediabunny (WebCodecs), ready. ffmpeg.wasm loads only if a video needs it.',
      );
      // Defaults (spec part 2 §3).
      await expectOptionFields(page, {
        frames: '90',
        frameWidth: '500',
        frameHeight: '500',
        background: '#000000',
        maxWidth: '500',
      });

      await page.getByTestId('video360-file').setInputFiles(clip);
      await recordProgress(page);
      await convertAndWait(page);
      const seen = (await progressSeen(page)).join('\n');
      for (const step of ['Reading file...', 'Extracting frames...', 'Merging frames...']) {
        assert.ok(seen.includes(step), `"${step}" was shown:\n${seen}`);
      }
      assert.match(seen, /Extracting frames\.\.\. \d+ of 90 frames · \d+%/);
      await screenshot(page, 'video-360-result');

      // 90 frames of 500 x 281 (the longer edge capped at 500), nearest a square: 7 x 13.
      const grid = await expectJpegMatchesGrid(page, clipBase(clip));
      assert.deepEqual(grid, gridOf(7, 13, 90, 500, 281));
      await expectTextIncludes(
        page.getByTestId('video360-shaped'),
        'No limit shaped the grid: it fits the browser canvas (16,384 px a side), JPEG (65,535 px a side) and BigCommerce (8 MB per image).',
      );
      assert.match(
        await textOf(page.getByTestId('video360-engine')),
        /^Frames extracted with Mediabunny \(WebCodecs\) in \d+\.\d s\.$/,
      );
      // Issue 44: the numbers in Vietnamese: grouped with a dot, a decimal comma.
      await chooseLanguage(page, 'vi');
      await expectText(
        page.getByTestId('video360-grid'),
        /^7 cột × 13 hàng: 90 khung hình 500 × 281 px, một ảnh JPEG 3\.500 × 3\.653 px, \d+,\d MB\./,
      );
      await expectTextIncludes(
        page.getByTestId('video360-shaped'),
        'canvas của trình duyệt (16.384 px mỗi cạnh), của JPEG (65.535 px mỗi cạnh)',
      );
      await expectText(
        page.getByTestId('video360-engine'),
        /^Khung hình được trích xuất bằng Mediabunny \(WebCodecs\) trong \d+,\d giây\.$/,
      );
      await chooseLanguage(page, 'en');
      await expectText(page.getByTestId('video360-duration'), 'Duration 3 s; 30 frames a second taken.');
      await expectTextIncludes(page.getByTestId('tool-file-name'), `${clipBase(clip)}-360-viewer.jpg`);
      const image = page.getByTestId('video360-image');
      await eventually(async () =>
        assert.equal(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth), 3500),
      );

      // The preview turns under the pointer: another frame, another picture.
      const spin = page.getByTestId('video360-spin');
      await spin.scrollIntoViewIfNeeded();
      const box = await spin.boundingBox();
      assert.ok(box);
      await page.mouse.move(box.x + box.width * 0.055, box.y + box.height / 2);
      await eventually(async () => assert.equal(await spin.getAttribute('data-frame'), '4'));
      const first = await spin.screenshot();
      await page.mouse.move(box.x + box.width * 0.605, box.y + box.height / 2);
      await eventually(async () => assert.equal(await spin.getAttribute('data-frame'), '54'));
      assert.equal(await spin.getAttribute('aria-valuenow'), '55');
      const second = await spin.screenshot();
      assert.notDeepEqual(first, second, 'the shown frame changes');
      await spin.focus();
      await page.keyboard.press('ArrowRight');
      await eventually(async () => assert.equal(await spin.getAttribute('data-frame'), '55'));
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowLeft');
      await eventually(async () => assert.equal(await spin.getAttribute('data-frame'), '89'));

      // The snippet names the grid, and Copy puts it on the clipboard.
      const snippet = await page.getByTestId('video360-snippet').inputValue();
      for (const part of [
        'data-frames="90"',
        'data-columns="7"',
        'data-rows="13"',
        'data-frame-width="500"',
        'data-frame-height="281"',
        `data-src="${clipBase(clip)}-360-viewer.jpg"`,
      ]) {
        assert.ok(snippet.includes(part), `the snippet holds ${part}`);
      }
      assert.doesNotMatch(snippet, /https?:\/\//);
      await page.getByTestId('video360-copy').click();
      await expectText(page.getByTestId('video360-copy'), 'Copied');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), snippet);

      // Pasted into a page of its own (the image as a data: address), the snippet turns the image too.
      const { bytes } = await download(page);
      const productPage = await openPage(newPage);
      const productUrls: string[] = [];
      productPage.on('request', (request) => productUrls.push(request.url()));
      const dataUrl = `data:image/jpeg;base64,${bytes.toString('base64')}`;
      await productPage.setContent(
        `<!doctype html><html><body style="margin:0"><p>Product</p>${snippet.replace(
          `data-src="${clipBase(clip)}-360-viewer.jpg"`,
          `data-src="${dataUrl}"`,
        )}</body></html>`,
      );
      const viewer = productPage.locator('.bc-360-viewer');
      await eventually(async () =>
        assert.equal(await viewer.evaluate((el) => (el as HTMLElement).style.backgroundPosition), '0% 0%'),
      );
      const viewerBox = await viewer.boundingBox();
      assert.ok(viewerBox);
      assert.equal(Math.round(viewerBox.width), 500);
      assert.equal(Math.round(viewerBox.height), 281);
      const before = await viewer.screenshot();
      await productPage.mouse.move(viewerBox.x + viewerBox.width * 0.99, viewerBox.y + 10);
      await eventually(async () => assert.equal(await viewer.getAttribute('aria-valuenow'), '90'));
      // Frame 89 is column 5 of 7, row 12 of 13.
      assert.match(
        await viewer.evaluate((el) => (el as HTMLElement).style.backgroundPosition),
        /^83\.33\d*% 100%$/,
      );
      assert.notDeepEqual(before, await viewer.screenshot(), 'the snippet shows another frame');
      await viewer.focus();
      await productPage.keyboard.press('ArrowRight');
      await eventually(async () => assert.equal(await viewer.getAttribute('aria-valuenow'), '1'));
      assert.deepEqual(
        productUrls.filter((url) => !/^(data|about):/.test(url)),
        [],
        'the snippet loads nothing from anywhere',
      );

      // Convert Another Video: the form again, no file chosen.
      await page.getByTestId('video360-reset').click();
      await page.getByTestId('video360-convert').waitFor();
      assert.equal(await page.getByTestId('video360-result').count(), 0);
      assert.equal(await page.getByTestId('video360-file').inputValue(), '');
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: "Video 360: 'Please select a video file', options corrected (frames 5 -> 10, sizes, colour -> black, empty -> 90, max width), final resize, 'Could not extract any frames from video'",
    run: async ({ baseUrl, newPage }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 3 });
      const { page, urls } = await openTrackedTool(newPage, TAB);
      const convert = page.getByTestId('video360-convert');

      await convert.click();
      await expectText(page.getByTestId('video360-message'), 'No file selected');
      await page.getByTestId('video360-file').setInputFiles(NOT_A_VIDEO);
      await expectText(page.getByTestId('video360-file-error'), 'Please select a video file');
      assert.equal(await page.getByTestId('video360-file').getAttribute('aria-invalid'), 'true');
      await convert.click();
      await expectText(page.getByTestId('video360-message'), 'Please select a video file');

      // Out-of-range, empty and invalid values: each corrected, shown in its field and said.
      await page.getByTestId('video360-file').setInputFiles(clip);
      await page.getByTestId('video360-frames').fill('5');
      await page.getByTestId('video360-resize-frames').check();
      await page.getByTestId('video360-frame-width').fill('50');
      await page.getByTestId('video360-frame-height').fill('');
      await page.getByTestId('video360-background').fill('not-a-colour');
      await page.getByTestId('video360-resize-final').check();
      await page.getByTestId('video360-max-width').fill('99999');
      await convertAndWait(page);
      await expectText(
        page.getByTestId('video360-adjustments'),
        [
          'Some options were corrected:',
          'Frame count: 5 is below the minimum, so 10 is used.',
          'Frame width: 50 is below the minimum, so 100 is used.',
          'Frame height: empty, so 500 is used.',
          'Background colour: "not-a-colour" is not a 6-digit hex colour, so black (#000000) is used.',
          'Max width: 99999 is above the maximum, so 2,000 is used.',
        ].join(' '),
      );
      const grid = await expectJpegMatchesGrid(page, clipBase(clip));
      // 10 frames of 100 x 500 (the picture fitted inside on black), one row.
      assert.deepEqual(grid, gridOf(10, 1, 10, 100, 500));
      await expectText(page.getByTestId('video360-duration'), 'Duration 3 s; 3.33 frames a second taken.');
      // A black band above the fitted picture: the background colour used is black.
      const corner = await page.getByTestId('video360-image').evaluate((img) => {
        const canvas = document.createElement('canvas');
        canvas.width = 4;
        canvas.height = 4;
        const context = canvas.getContext('2d');
        context?.drawImage(img as HTMLImageElement, 0, 0, 4, 4, 0, 0, 4, 4);
        return Array.from(context?.getImageData(1, 1, 1, 1).data ?? []);
      });
      assert.ok(
        corner.slice(0, 3).every((value) => value < 16),
        `black, not ${corner.join(',')}`,
      );

      await page.getByTestId('video360-reset').click();
      await expectOptionFields(page, {
        frames: '10',
        frameWidth: '100',
        frameHeight: '500',
        background: '#000000',
        maxWidth: '2000',
      });

      // Empty frame count -> 90; frames as they are, and the final image held to 300 px.
      await page.getByTestId('video360-file').setInputFiles(clip);
      await page.getByTestId('video360-frames').fill('');
      await page.getByTestId('video360-resize-frames').uncheck();
      await page.getByTestId('video360-background').fill('FF8800');
      await page.getByTestId('video360-max-width').fill('300');
      await page.getByTestId('video360-convert').click();
      await expectText(
        page.getByTestId('video360-adjustments'),
        'Some options were corrected: Frame count: empty, so 90 is used.',
      );
      await page.getByTestId('video360-result').waitFor({ timeout: 60_000 });
      const resized = await expectJpegMatchesGrid(page, clipBase(clip));
      // 7 columns of floor(300 / 7) = 42 px, 24 px high (281 x 42 / 500).
      assert.deepEqual(resized, gridOf(7, 13, 90, 42, 24));
      await expectText(page.getByTestId('video360-shaped'), 'Image shrunk to the max width of 300 px.');
      await page.getByTestId('video360-reset').click();
      await expectOptionFields(page, { frames: '90', background: 'FF8800' });

      // A "video" with no picture in it: Mediabunny cannot read it, ffmpeg.wasm (loaded for it) finds no video.
      await page.getByTestId('video360-file').setInputFiles({
        name: 'broken.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from('this is not really a video file, just text'),
      });
      await page.getByTestId('video360-convert').click();
      await expectText(page.getByTestId('video360-error'), 'Could not extract any frames from video', 60_000);
      await expectTextIncludes(
        page.getByTestId('engine-status'),
        'Engine: ffmpeg.wasm 0.12.10 (multi-thread), ready.',
      );
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: "Video 360: without WebCodecs the engine loads on open: 'FFmpeg is still loading, please wait...', 'Failed to load FFmpeg: ...' with suggestions, Try Again, then ffmpeg.wasm makes the sprite",
    run: async ({ baseUrl, newPage, screenshot }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 3 });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const { page, urls } = await openTrackedTool(newPage, TAB, async (p) => {
        await withoutWebCodecs(p);
        // The engine's files are held back, then answered with an error.
        await p.route(ENGINE_FILES, async (route) => {
          await held;
          await route.fulfill({ status: 500, body: 'broken core' });
        });
      });
      assert.equal(
        await page.evaluate(() => typeof (globalThis as { VideoDecoder?: unknown }).VideoDecoder),
        'undefined',
      );
      await expectText(
        page.getByTestId('engine-status'),
        'Loading the video engine, ffmpeg.wasm (about 31 MB)...',
      );
      await page.getByTestId('video360-file').setInputFiles(clip);
      await page.getByTestId('video360-convert').click();
      await expectText(page.getByTestId('video360-message'), 'FFmpeg is still loading, please wait...');

      release();
      const failed = page.getByTestId('engine-error');
      await failed.waitFor({ timeout: 60_000 });
      assert.match(await textOf(failed), /^Failed to load FFmpeg: .+/);
      await expectTextIncludes(failed, SUGGESTIONS);
      await screenshot(page, 'video-360-load-failed');
      await page.getByTestId('video360-convert').click();
      await expectTextIncludes(page.getByTestId('video360-message'), 'Failed to load FFmpeg: ');

      await page.unroute(ENGINE_FILES);
      await page.getByTestId('engine-retry').click();
      await expectText(
        page.getByTestId('engine-status'),
        'Engine: ffmpeg.wasm 0.12.10 (multi-thread), ready.',
        60_000,
      );
      assert.equal(await page.getByTestId('engine-error').count(), 0);

      await recordProgress(page);
      await convertAndWait(page);
      const seen = (await progressSeen(page)).join('\n');
      for (const step of [
        'Reading file...',
        'Extracting frames...',
        'Reading frames...',
        'Merging frames...',
      ]) {
        assert.ok(seen.includes(step), `"${step}" was shown:\n${seen}`);
      }
      const grid = await expectJpegMatchesGrid(page, clipBase(clip));
      assert.equal(grid.frames, 90);
      assert.deepEqual([grid.columns, grid.rows, grid.frameWidth, grid.frameHeight], [7, 13, 500, 281]);
      assert.match(
        await textOf(page.getByTestId('video360-engine')),
        /^Frames extracted with ffmpeg\.wasm 0\.12\.10 \(multi-thread\) in \d+\.\d s\. This browser has no WebCodecs, so ffmpeg\.wasm was used\.$/,
      );
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: 'Video 360: an H.265 clip (no HEVC decoding in this Chromium) loads ffmpeg.wasm when it needs it and makes the sprite',
    run: async ({ baseUrl, newPage }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 2, codec: 'hevc', audio: false });
      const { page, urls } = await openTrackedTool(newPage, TAB);
      await page.getByTestId('video360-file').setInputFiles(clip);
      await page.getByTestId('video360-frames').fill('20');
      await convertAndWait(page);
      const grid = await expectJpegMatchesGrid(page, clipBase(clip));
      assert.equal(grid.frames, 20);
      await expectTextIncludes(
        page.getByTestId('video360-engine'),
        'This browser cannot decode this video, so ffmpeg.wasm was used.',
      );
      await expectTextIncludes(
        page.getByTestId('video360-engine'),
        'Frames extracted with ffmpeg.wasm 0.12.10',
      );
      expectOnlyThisApp(urls, baseUrl);
    },
  },
  {
    name: "Video 360: 200 frames of 500 x 500 are shrunk for BigCommerce's 8 MB (and said so); Cancel stops a conversion; a file too large for the device is refused up front",
    run: async ({ baseUrl, newPage }) => {
      const clip = await makeClip({ width: 640, height: 360, seconds: 3 });
      const { page, urls } = await openTrackedTool(newPage, TAB, async (p) => {
        // A device that says it has 256 MB of memory: files up to 64 MB.
        await p.addInitScript({
          content:
            "Object.defineProperty(Navigator.prototype, 'deviceMemory', { value: 0.25, configurable: true });",
        });
      });
      await expectTextIncludes(page.getByTestId('video360-advice'), 'Videos up to 64.0 MB on this device.');
      // A folder of this run's own: another run of the suite may be writing the same name (issue 43).
      const bigDir = await mkdtemp(path.join(tmpdir(), 'bct-360-'));
      const big = path.join(bigDir, 'too-big.mp4');
      await writeFile(big, Buffer.alloc(65 * 1024 * 1024));
      await page.getByTestId('video360-file').setInputFiles(big);
      await expectText(
        page.getByTestId('video360-file-error'),
        'This file is 65.0 MB; videos up to 64.0 MB can be converted on this device.',
      );
      await rm(bigDir, { recursive: true, force: true });

      await page.getByTestId('video360-file').setInputFiles(clip);
      await page.getByTestId('video360-frames').fill('200');
      await page.getByTestId('video360-resize-frames').check();
      await convertAndWait(page);
      const grid = await expectJpegMatchesGrid(page, clipBase(clip));
      assert.equal(grid.frames, 200);
      assert.equal(grid.frameWidth, grid.frameHeight);
      assert.ok(grid.frameWidth < 500 && grid.frameWidth > 380, `frames of ${grid.frameWidth} px`);
      await expectText(
        page.getByTestId('video360-shaped'),
        "Frames shrunk to keep the file under BigCommerce's 8 MB image limit.",
      );
      await page.getByTestId('video360-reset').click();

      // A 1080p 20 s clip takes seconds to extract: Cancel stops it, and the screen converts again after.
      const long = await makeClip({ width: 1920, height: 1080, seconds: 20 });
      await page.getByTestId('video360-frames').fill('90');
      await page.getByTestId('video360-file').setInputFiles(long);
      await page.getByTestId('video360-convert').click();
      await expectTextIncludes(page.getByTestId('video360-progress'), 'Extracting frames...', 30_000);
      await page.getByTestId('video360-progress-cancel').click();
      await expectText(page.getByTestId('video360-canceled'), 'Conversion canceled.');
      assert.equal(await page.getByTestId('video360-result').count(), 0);
      await page.getByTestId('video360-frames').fill('10');
      await convertAndWait(page);
      assert.equal((await statedGrid(page)).frames, 10);
      expectOnlyThisApp(urls, baseUrl);
    },
  },
];
