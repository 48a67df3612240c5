import { describe, expect, it } from 'vitest';
import { H265_MAX_BYTES, fileTooLargeMessage } from '../../../common/contracts/video-h265-converter';
import { createI18n } from '../../lib/i18n';
import {
  NETWORK_FAILURE,
  checkFile,
  conversionFailure,
  failureText,
  formatExpiry,
  formatRatio,
  megabytes,
  nextProgress,
  percentOf,
  savingPercent,
  stepOfStatus,
  unsuccessfulAnswer,
  uploadAddressFailure,
  uploadFailure,
  type H265Step,
} from './h265-rules';

const en = createI18n('en').t;
const vi = createI18n('vi').t;
const MB = 1024 * 1024;

describe('the file rules (spec part 2 §5)', () => {
  it('takes a video up to 100 MB', () => {
    expect(checkFile({ type: 'video/mp4', size: H265_MAX_BYTES })).toEqual({ ok: true });
    expect(checkFile({ type: 'video/quicktime', size: 1 })).toEqual({ ok: true });
  });

  it('refuses what is not a video', () => {
    expect(checkFile({ type: 'text/plain', size: 10 })).toEqual({ ok: false, problem: 'notVideo' });
    expect(checkFile({ type: '', size: 10 })).toEqual({ ok: false, problem: 'notVideo' });
  });

  it('refuses a file over 100 MB with its size to 2 decimals, as the contract words it', () => {
    const size = 150 * MB + 12_345;
    const check = checkFile({ type: 'video/mp4', size });
    expect(check).toEqual({ ok: false, problem: 'tooLarge', bytes: size });
    if (check.ok || check.problem !== 'tooLarge') throw new Error('refused');
    expect(en('h265.fileTooLarge', { n: megabytes(check.bytes) })).toBe(fileTooLargeMessage(size));
    // In Vietnamese the spec's message carries the size as Vietnamese writes it.
    expect(vi('h265.fileTooLarge', { n: megabytes(check.bytes, 'vi') })).toMatch(/150,01/);
    expect(en('h265.fileTooLarge', { n: megabytes(H265_MAX_BYTES + 1) })).toBe(
      'File too large. Maximum size is 100MB. Your file is 100.00MB.',
    );
  });
});

describe('the progress steps (spec part 2 §4: 5, 10, 40, 50, 100)', () => {
  it('puts each step at its place, the upload between 10 and 40 and the encoder between 50 and 99', () => {
    expect(percentOf({ kind: 'requesting' })).toBe(5);
    expect(percentOf({ kind: 'uploading', loaded: 0, total: 1000 })).toBe(10);
    expect(percentOf({ kind: 'uploading', loaded: 500, total: 1000 })).toBe(25);
    expect(percentOf({ kind: 'uploading', loaded: 1000, total: 1000 })).toBe(40);
    expect(percentOf({ kind: 'uploading', loaded: 2000, total: 1000 })).toBe(40);
    expect(percentOf({ kind: 'uploading', loaded: 0, total: 0 })).toBe(10);
    expect(percentOf({ kind: 'uploaded' })).toBe(40);
    expect(percentOf({ kind: 'queued', ahead: 2 })).toBe(50);
    const encoding = (progress: number): H265Step => ({
      kind: 'encoding',
      progress,
      preset: 'medium',
      secondsLeft: null,
    });
    expect(percentOf(encoding(0))).toBe(50);
    expect(percentOf(encoding(50))).toBe(74);
    expect(percentOf(encoding(100))).toBe(99);
    expect(percentOf(encoding(250))).toBe(99);
    expect(percentOf({ kind: 'done' })).toBe(100);
  });

  it('never moves the bar back (a retried conversion restarts its encoder at 0)', () => {
    const at70 = {
      percent: 70,
      step: { kind: 'encoding', progress: 41, preset: 'fast', secondsLeft: 3 } as H265Step,
    };
    const again = nextProgress(at70, { kind: 'encoding', progress: 0, preset: 'fast', secondsLeft: null });
    expect(again.percent).toBe(70);
    expect(again.step).toEqual({ kind: 'encoding', progress: 0, preset: 'fast', secondsLeft: null });
    expect(
      nextProgress(at70, { kind: 'encoding', progress: 90, preset: 'fast', secondsLeft: 1 }).percent,
    ).toBe(94);
  });

  it('reads the status: queued with the videos ahead, active with the encoder, nothing new otherwise', () => {
    const status = {
      progress: 42,
      preset: 'medium',
      secondsLeft: 20,
      estimateSeconds: 35,
      ahead: 1,
      attempts: 1,
      message: null,
    };
    expect(stepOfStatus({ ...status, state: 'queued' })).toEqual({ kind: 'queued', ahead: 1 });
    expect(stepOfStatus({ ...status, state: 'active' })).toEqual({
      kind: 'encoding',
      progress: 42,
      preset: 'medium',
      secondsLeft: 20,
    });
    expect(stepOfStatus({ ...status, state: 'uploading' })).toBeNull();
    expect(stepOfStatus({ ...status, state: 'done' })).toBeNull();
    expect(stepOfStatus({ ...status, state: 'failed' })).toBeNull();
    expect(stepOfStatus({ ...status, state: 'cancelled', message: 'Conversion cancelled.' })).toBeNull();
  });
});

describe('the failure texts (spec part 2 §8)', () => {
  it('the upload address: the server message or error, else the spec text', () => {
    expect(failureText(uploadAddressFailure({ message: 'From message', error: 'From error' }), en)).toBe(
      'From message',
    );
    expect(failureText(uploadAddressFailure({ error: 'From error' }), en)).toBe('From error');
    expect(failureText(uploadAddressFailure(null), en)).toBe('Failed to get upload URL');
    expect(failureText(uploadAddressFailure('<html>bad gateway</html>'), en)).toBe(
      'Failed to get upload URL',
    );
  });

  it('the upload: its status', () => {
    expect(failureText(uploadFailure(403), en)).toBe('Failed to upload video. Status: 403');
    expect(failureText(uploadFailure(403), vi)).toBe('Tải video lên thất bại. Mã trạng thái: 403');
  });

  it('the conversion: 429, 408, 413 and the others, each with its own default', () => {
    expect(failureText(conversionFailure(429, {}), en)).toBe('Rate limit exceeded. Please try again later.');
    expect(failureText(conversionFailure(408, {}), en)).toBe(
      'Conversion timeout. Video too large or complex.',
    );
    expect(failureText(conversionFailure(413, {}), en)).toBe('File too large.');
    expect(failureText(conversionFailure(500, {}), en)).toBe('Conversion failed');
    expect(failureText(conversionFailure(502, 'Bad Gateway'), en)).toBe('Conversion failed');
    expect(failureText(conversionFailure(400, { error: 'Only error' }), en)).toBe('Only error');
    expect(failureText(conversionFailure(429, { message: 'Slow down', error: 'x' }), en)).toBe('Slow down');
  });

  it('a 2xx answer with success false: its error, else the spec text', () => {
    expect(failureText(unsuccessfulAnswer({ success: false, error: 'Broken' }), en)).toBe('Broken');
    expect(failureText(unsuccessfulAnswer({ success: false, message: 'not read' }), en)).toBe(
      'Conversion failed',
    );
  });

  it('a network exception', () => {
    expect(failureText(NETWORK_FAILURE, en)).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(failureText(NETWORK_FAILURE, vi)).toBe('Lỗi mạng. Vui lòng kiểm tra kết nối và thử lại.');
  });

  it.each([
    {
      status: 429,
      body: {
        success: false,
        error: 'Rate limit exceeded. Please try again later.',
        message: 'Rate limit exceeded. Please try again later.',
        code: 'conversion_rate_limited',
      },
      english: 'Rate limit exceeded. Please try again later.',
      vietnamese: 'Đã vượt quá giới hạn. Vui lòng thử lại sau.',
    },
    {
      status: 400,
      body: { error: 'This video needs about 9 min even at the fastest preset', code: 'conversion_too_long' },
      english: 'This video needs about 9 min even at the fastest preset',
      vietnamese:
        'Video này sẽ mất quá nhiều thời gian để chuyển đổi: vui lòng cắt ngắn hoặc giảm độ phân giải',
    },
  ])(
    "shows the server's English text in English and the code's text in Vietnamese ($body.code)",
    ({ status, body, english, vietnamese }) => {
      expect(failureText(conversionFailure(status, body), en)).toBe(english);
      expect(failureText(conversionFailure(status, body), vi)).toBe(vietnamese);
    },
  );

  it("without a text, the Vietnamese default is the catalogue's, not the English one", () => {
    expect(failureText(conversionFailure(408, {}), vi)).toBe(
      'Hết thời gian chuyển đổi. Video quá lớn hoặc quá phức tạp.',
    );
    expect(failureText(uploadAddressFailure(undefined), vi)).toBe('Không lấy được địa chỉ tải lên');
  });
});

describe('sizes and times', () => {
  it('megabytes with 2 decimals', () => {
    expect(megabytes(0)).toBe('0.00');
    expect(megabytes(1.5 * MB)).toBe('1.50');
    expect(megabytes(100 * MB)).toBe('100.00');
    expect(megabytes(1.5 * MB, 'vi')).toBe('1,50');
    expect(megabytes(1234.5 * MB, 'vi')).toBe('1.234,50');
  });

  it('the estimated saving in whole percent', () => {
    expect(savingPercent(10 * MB, 4 * MB)).toBe(60);
    expect(savingPercent(10 * MB, 12 * MB)).toBe(-20);
    expect(savingPercent(0, 1)).toBe(0);
  });

  it('the ratio with one decimal and no sign', () => {
    expect(formatRatio(45.2)).toBe('45.2');
    expect(formatRatio(-3.25)).toBe('3.3');
    expect(formatRatio(45.2, 'vi')).toBe('45,2');
    expect(formatRatio(0)).toBe('0.0');
  });

  it("the link's expiry in the reader's locale", () => {
    const iso = '2026-11-24T20:05:00.000Z';
    expect(formatExpiry(iso, 'en', 'UTC')).toBe('Nov 24, 2026, 8:05 PM');
    expect(formatExpiry(iso, 'vi', 'UTC')).not.toBe(formatExpiry(iso, 'en', 'UTC'));
    expect(formatExpiry(iso, 'vi', 'UTC')).toContain('2026');
    expect(formatExpiry('not a date', 'en')).toBe('not a date');
  });
});
