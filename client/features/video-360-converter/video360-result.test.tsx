import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { fitToMaxWidth, planSpriteGrid } from '../../../common/video/sprite-grid';
import { createI18n, type Language } from '../../lib/i18n';
import type { Video360Result } from './convert-video360';
import { EngineStatus } from './engine-status';
import type { Video360Engine } from './use-video360-engine';
import { Video360ResultView } from './video360-result';

const plan = planSpriteGrid({ frames: 90, frameWidth: 500, frameHeight: 281 });

const result: Video360Result = {
  blob: new Blob([new Uint8Array(1_572_864)], { type: 'image/jpeg' }),
  plan,
  engine: 'Mediabunny (WebCodecs)',
  extractMs: 712,
  duration: { seconds: 3, isAssumed: false },
  framesAsked: 90,
  maxWidth: 500,
  fallback: null,
  fallbackDetail: null,
};

function render(language: Language, shown: Video360Result = result): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(language)}>
      <Video360ResultView result={shown} url="blob:x" fileName="clip-360-viewer.jpg" onReset={() => {}} />
    </I18nextProvider>,
  );
}

const text = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(p|ul)>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

describe('360 result', () => {
  it('states the grid, what shaped it, the engine and the timing', () => {
    const html = render('en');
    expect(text(html, 'video360-grid')).toBe(
      '7 columns × 13 rows: 90 frames of 500 × 281 px, one 3,500 × 3,653 px JPEG of 1.5 MB.',
    );
    expect(text(html, 'video360-shaped')).toContain('No limit shaped the grid');
    expect(text(html, 'video360-engine')).toBe('Frames extracted with Mediabunny (WebCodecs) in 0.7 s.');
    expect(text(html, 'video360-duration')).toBe('Duration 3 s; 30 frames a second taken.');
    expect(html).toContain('download="clip-360-viewer.jpg"');
    expect(html).toContain('data-columns="7"');
    expect(html).toContain('role="slider"');
  });

  it('says when frames were fewer, the duration assumed, the fallback used and the max width', () => {
    const fitted = fitToMaxWidth({ ...plan, frames: 60 }, 300);
    if (!fitted) throw new Error('expected a fitted plan');
    const html = render('en', {
      ...result,
      plan: fitted,
      duration: { seconds: 20, isAssumed: true },
      maxWidth: 300,
      fallback: 'decode-failed',
      fallbackDetail: 'Decoding error',
      engine: 'ffmpeg.wasm 0.12.10 (multi-thread)',
    });
    expect(text(html, 'video360-shaped')).toBe('Image shrunk to the max width of 300 px.');
    expect(text(html, 'video360-duration')).toBe(
      'The duration was not detected, so 20 seconds was assumed. 60 of the 90 frames asked could be extracted.',
    );
    expect(text(html, 'video360-engine')).toContain(
      'Decoding with WebCodecs failed (Decoding error), so ffmpeg.wasm was used.',
    );
  });

  it('speaks Vietnamese', () => {
    const html = render('vi');
    expect(html).toContain('Ảnh 360 đã sẵn sàng');
    expect(text(html, 'video360-grid')).toContain('7 cột × 13 hàng');
    expect(html).toContain('Chuyển đổi video khác');
  });
});

describe('360 engine status', () => {
  const engine = (over: Partial<Video360Engine>): Video360Engine => ({
    hasWebCodecs: true,
    fallback: { status: 'idle' },
    isReady: true,
    getFfmpeg: () => Promise.reject(new Error('unused')),
    retry: () => {},
    ...over,
  });
  const show = (shown: Video360Engine, language: Language = 'en') =>
    renderToStaticMarkup(
      <I18nextProvider i18n={createI18n(language)}>
        <EngineStatus engine={shown} />
      </I18nextProvider>,
    );

  it('names the engine in use, or the one loading', () => {
    expect(show(engine({}))).toContain('Engine: Mediabunny (WebCodecs), ready.');
    expect(show(engine({ hasWebCodecs: false, isReady: false, fallback: { status: 'loading' } }))).toContain(
      'Loading the video engine, ffmpeg.wasm (about 31 MB)...',
    );
    expect(
      show(
        engine({
          hasWebCodecs: false,
          fallback: { status: 'ready', label: 'ffmpeg.wasm 0.12.10 (single-thread)' },
        }),
      ),
    ).toContain('Engine: ffmpeg.wasm 0.12.10 (single-thread), ready.');
  });

  it('shows a load failure with the suggestions and Try Again', () => {
    const html = show(engine({ fallback: { status: 'failed', reason: 'HTTP 500' } }));
    expect(html).toContain('Failed to load FFmpeg: HTTP 500');
    expect(html).toContain('disable extensions that block scripts');
    expect(html).toContain('>Try Again</button>');
    expect(show(engine({ fallback: { status: 'failed', reason: 'HTTP 500' } }), 'vi')).toContain(
      'Không tải được FFmpeg: HTTP 500',
    );
  });
});
