// The H.265 cloud converter's rules, without the DOM (spec part 2 §4, §5, §8, §9; issue 17): which file is taken, the
// progress steps (5, 10, 40, 50, 100) with the real upload and encoder progress between them, the text of every
// failure, and the sizes and times as the screen shows them.
import type { TFunction } from 'i18next';
import {
  H265_MAX_BYTES,
  H265_PROGRESS,
  isVideoType,
  type H265EstimateResponse,
  type H265StatusResponse,
} from '../../../common/contracts/video-h265-converter';
import { serverErrorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/number-format';

const MB = 1024 * 1024;

/** Megabytes with 2 decimals in the reader's language ('1,50' in Vietnamese), as the spec's 'Your file is {n}MB.' (and `fileTooLargeMessage`) rounds them. */
export function megabytes(bytes: number, language = 'en'): string {
  return formatNumber(bytes / MB, language, 2);
}

export type FileCheck =
  { ok: true } | { ok: false; problem: 'notVideo' } | { ok: false; problem: 'tooLarge'; bytes: number };

/** Spec part 2 §5: a video type, at most 100 MB (checked before anything is uploaded). */
export function checkFile(file: { type: string; size: number }): FileCheck {
  if (!isVideoType(file.type)) return { ok: false, problem: 'notVideo' };
  if (file.size > H265_MAX_BYTES) return { ok: false, problem: 'tooLarge', bytes: file.size };
  return { ok: true };
}

/** Where a conversion is; each step has its place on the bar. */
export type H265Step =
  | { kind: 'requesting' }
  | { kind: 'uploading'; loaded: number; total: number }
  /** Uploaded; the conversion is asked for and the converter has not taken it yet. */
  | { kind: 'uploaded' }
  | { kind: 'queued'; ahead: number }
  | { kind: 'encoding'; progress: number; preset: string | null; secondsLeft: number | null }
  | { kind: 'done' };

/**
 * The bar's percent for a step (spec part 2 §4): 5 asking for the upload address, 10 -> 40 while the bytes go up,
 * 40 uploaded, 50 -> 99 while the encoder works (its own 0-100), 100 done.
 */
export function percentOf(step: H265Step): number {
  switch (step.kind) {
    case 'requesting':
      return H265_PROGRESS.requesting;
    case 'uploading': {
      const share = step.total > 0 ? Math.min(1, Math.max(0, step.loaded / step.total)) : 0;
      const span = H265_PROGRESS.uploaded - H265_PROGRESS.uploading;
      return H265_PROGRESS.uploading + Math.floor(share * span);
    }
    case 'uploaded':
      return H265_PROGRESS.uploaded;
    case 'queued':
      return H265_PROGRESS.converting;
    case 'encoding': {
      const share = Math.min(100, Math.max(0, step.progress)) / 100;
      const span = H265_PROGRESS.done - 1 - H265_PROGRESS.converting;
      return H265_PROGRESS.converting + Math.floor(share * span);
    }
    case 'done':
      return H265_PROGRESS.done;
  }
}

/** The step the server's status means once the upload is done (null: nothing new to show). */
export function stepOfStatus(status: H265StatusResponse): H265Step | null {
  switch (status.state) {
    case 'queued':
      return { kind: 'queued', ahead: status.ahead };
    case 'active':
      return {
        kind: 'encoding',
        progress: status.progress,
        preset: status.preset,
        secondsLeft: status.secondsLeft,
      };
    default:
      // 'uploading' (the conversion call has not reached the converter yet), 'done' and 'failed' (its answer says).
      return null;
  }
}

/** The bar never goes back (a retried conversion starts its encoder again at 0). */
export function nextProgress(
  current: { percent: number; step: H265Step },
  step: H265Step,
): { percent: number; step: H265Step } {
  return { percent: Math.max(current.percent, percentOf(step)), step };
}

/** The English texts of the spec's failures, by catalogue key (`h265.<key>`). */
export type FallbackKey =
  | 'uploadUrlFailed'
  | 'uploadFailed'
  | 'rateLimited'
  | 'timeout'
  | 'tooLarge'
  | 'conversionFailed'
  | 'network';

/** A failure: the server's code and text when it sent them, and the spec's text to show when it did not. */
export type H265Failure = {
  code?: string;
  text?: string;
  fallback: FallbackKey;
  /** 'Failed to upload video. Status: {code}'. */
  status?: number;
};

function field(body: unknown, name: 'message' | 'error' | 'code'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Keeps only the fields that are there (exactOptionalPropertyTypes). */
function failure(fallback: FallbackKey, code: string | undefined, text: string | undefined): H265Failure {
  return { fallback, ...(code !== undefined ? { code } : {}), ...(text !== undefined ? { text } : {}) };
}

/** Spec part 2 §8: the upload-address call failed: 'the server message or error, else Failed to get upload URL'. */
export function uploadAddressFailure(body: unknown): H265Failure {
  return failure('uploadUrlFailed', field(body, 'code'), field(body, 'message') ?? field(body, 'error'));
}

/** Spec part 2 §8: the direct upload answered `status`. */
export function uploadFailure(status: number): H265Failure {
  return { fallback: 'uploadFailed', status };
}

/** Spec part 2 §8: the conversion call answered a non-2xx `status`: 429, 408, 413, or any other. */
export function conversionFailure(status: number, body: unknown): H265Failure {
  const fallback: FallbackKey =
    status === 429
      ? 'rateLimited'
      : status === 408
        ? 'timeout'
        : status === 413
          ? 'tooLarge'
          : 'conversionFailed';
  return failure(fallback, field(body, 'code'), field(body, 'message') ?? field(body, 'error'));
}

/** Spec part 2 §8: a 2xx answer whose `success` is false: 'the error or Conversion failed'. */
export function unsuccessfulAnswer(body: unknown): H265Failure {
  return failure('conversionFailed', field(body, 'code'), field(body, 'error'));
}

export const NETWORK_FAILURE: H265Failure = { fallback: 'network' };

/**
 * The text of a failure in the user's language: the server's own text for a reader of English (the spec's texts are
 * exact there), the catalogue's text for its code in another language, else the spec's text for the step.
 */
export function failureText(value: H265Failure, t: TFunction): string {
  if (value.fallback === 'uploadFailed') return t('h265.uploadFailed', { code: String(value.status ?? 0) });
  return serverErrorText({ code: value.code, text: value.text }, t) ?? t(`h265.${value.fallback}`);
}

/** The estimated saving before converting, in whole percent (negative: the H.265 file would be larger). */
export function savingPercent(originalBytes: number, estimatedBytes: number): number {
  if (originalBytes <= 0) return 0;
  return Math.round((1 - estimatedBytes / originalBytes) * 100);
}

/** Whether the video cannot finish within the time limit even at the fastest preset (refused before uploading). */
export function isTooLong(estimate: H265EstimateResponse): boolean {
  return estimate.preset === null;
}

/** The link's expiry in the reader's locale: '23 Nov 2026, 21:05'. */
export function formatExpiry(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone !== undefined ? { timeZone } : {}),
  }).format(date);
}

/** A compression ratio as the result shows it: one decimal in the reader's language, no sign. */
export function formatRatio(ratio: number, language = 'en'): string {
  return formatNumber(Math.abs(ratio), language, 1);
}
