// The H.265 cloud converter (spec part 2 §2, §3, §5, §7, §8, §9; issue 17). The spec's calls: the upload-address call
// (its path is hidden in the spec: ours is `POST /api/convert-h265/upload-url`), the browser's direct PUT to the address
// it answers, and `POST /api/convert-h265`, which answers when the conversion has ended. The screen also asks for an
// estimate before uploading, follows the encoder's progress while it waits (`/estimate`, `/status`) and may cancel the
// conversion (`/cancel`, issue 29).
import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { codedIssue } from './tool-result';

export const CONVERT_H265_PATH = '/api/convert-h265';
export const H265_UPLOAD_URL_PATH = '/api/convert-h265/upload-url';
export const H265_ESTIMATE_PATH = '/api/convert-h265/estimate';
export const H265_STATUS_PATH = '/api/convert-h265/status';
export const H265_CANCEL_PATH = '/api/convert-h265/cancel';

/** Spec part 2 §9. */
export const H265_MAX_BYTES = 100 * 1024 * 1024;
export const H265_TIME_LIMIT_SECONDS = 5 * 60;
export const H265_RETENTION_HOURS = 24;
export const H265_RATE_LIMIT = { user: 10, guest: 3, windowSeconds: 5 * 60 } as const;
/** Spec part 2 §4: the progress steps. */
export const H265_PROGRESS = {
  requesting: 5,
  uploading: 10,
  uploaded: 40,
  converting: 50,
  done: 100,
} as const;

/** Spec part 2 §5 and §8. */
export const H265_MESSAGES = {
  notVideo: 'Please select a video file',
  noFile: 'No file selected',
  uploadUrlFailed: 'Failed to get upload URL',
  rateLimited: 'Rate limit exceeded. Please try again later.',
  timeout: 'Conversion timeout. Video too large or complex.',
  tooLarge: 'File too large.',
  failed: 'Conversion failed',
  network: 'Network error. Please check your connection and try again.',
  success: 'Video converted to H.265 successfully',
  /** Beyond the spec (issue 29): the conversion was cancelled, and its files deleted. */
  cancelled: 'Conversion cancelled. The uploaded video was deleted.',
} as const;

/** Why a conversion can no longer be cancelled (issue 29), by the state it ended in. */
export const H265_NOT_CANCELLABLE = {
  cancelled: 'This conversion was already cancelled.',
  done: 'This conversion has already finished, so it can no longer be cancelled.',
  failed: 'This conversion has already ended (it failed), so there is nothing to cancel.',
} as const;

/** 'File too large. Maximum size is 100MB. Your file is {n}MB.' with n to 2 decimals, as the spec's screen shows it. */
export function fileTooLargeMessage(sizeBytes: number): string {
  return `File too large. Maximum size is 100MB. Your file is ${(sizeBytes / 1024 / 1024).toFixed(2)}MB.`;
}

/** A video type as the browser reports it (`video/mp4`, `video/quicktime`, ...). */
export function isVideoType(type: string): boolean {
  return /^video\/[A-Za-z0-9!#$&^_.+-]+$/.test(type);
}

const filenameSchema = z
  .string({ error: 'filename is required' })
  .trim()
  .min(1, { error: 'filename is required' })
  .max(255, { error: 'filename must be at most 255 characters' });

export const h265UploadUrlRequestSchema = z
  .object({
    filename: filenameSchema,
    contentType: z.string({ error: 'contentType is required' }).max(200),
    /**
     * The file's size in bytes (the browser knows it): refused up front over 100 MB, and signed into the address, so
     * that the store itself refuses a body of any other size (issue 29: an S3 PUT cannot carry a size range).
     */
    size: z
      .number({ error: 'size is required' })
      .int({ error: 'size must be a whole number of bytes' })
      .min(1, { error: 'size must be at least 1 byte' }),
  })
  .superRefine((value, ctx) => {
    if (!isVideoType(value.contentType)) {
      ctx.addIssue(codedIssue(ERROR_CODES.notVideo, H265_MESSAGES.notVideo, ['contentType']));
    } else if (value.size > H265_MAX_BYTES) {
      ctx.addIssue(codedIssue(ERROR_CODES.fileTooLarge, fileTooLargeMessage(value.size), ['size']));
    }
  });
export type H265UploadUrlRequest = z.infer<typeof h265UploadUrlRequestSchema>;

export const h265UploadUrlResponseSchema = z.object({
  uploadUrl: z.string(),
  s3Key: z.string(),
  /** Headers the PUT must carry as they are (the content type is signed). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type H265UploadUrlResponse = z.infer<typeof h265UploadUrlResponseSchema>;

const s3KeySchema = z
  .string({ error: 's3Key is required' })
  .min(1, { error: 's3Key is required' })
  .max(512, { error: 's3Key must be at most 512 characters' });

export const convertH265RequestSchema = z.object({ s3Key: s3KeySchema, filename: filenameSchema });
export type ConvertH265Request = z.infer<typeof convertH265RequestSchema>;

/** Cancels the caller's conversion of this upload, waiting, uploading or running (issue 29). */
export const h265CancelRequestSchema = z.object({ s3Key: s3KeySchema });
export type H265CancelRequest = z.infer<typeof h265CancelRequestSchema>;

/** `GET H265_STATUS_PATH?s3Key=…`: the query of a status poll (the caller's own conversion of this upload). */
export const h265StatusQuerySchema = z.object({ s3Key: s3KeySchema });
export type H265StatusQuery = z.infer<typeof h265StatusQuerySchema>;

/** A cancel's answer: the conversion is cancelled, its upload and any partial output deleted. */
export const h265CancelResponseSchema = z.object({
  success: z.literal(true),
  state: z.literal('cancelled'),
  message: z.string(),
});
export type H265CancelResponse = z.infer<typeof h265CancelResponseSchema>;

/** The failure of these calls (spec part 2 §7, §8): the screen shows `message`, else `error`. */
export type ConvertH265Failure = { success: false; error: string; message: string; code: string };

/** Spec part 2 §3: the conversion result. `compression_ratio` is the share saved, in percent (45.2 = 45.2% smaller). */
export const convertH265ResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  download_url: z.string(),
  filename: z.string(),
  original_size: z.number(),
  converted_size: z.number(),
  compression_ratio: z.number(),
  expires_at: z.string(),
  /** Beyond the spec: the x265 preset used and the encoder's time. */
  preset: z.string(),
  encode_seconds: z.number(),
});
export type ConvertH265Result = z.infer<typeof convertH265ResultSchema>;

/** What the screen knows from the file's headers before uploading. */
export const h265EstimateRequestSchema = z.object({
  durationSeconds: z
    .number()
    .min(0)
    .max(24 * 60 * 60),
  width: z.number().int().min(1).max(16_384),
  height: z.number().int().min(1).max(16_384),
  /** Frames per second; 30 when unknown. */
  frameRate: z.number().min(1).max(240).optional(),
  size: z.number().int().min(1),
});
export type H265EstimateRequest = z.infer<typeof h265EstimateRequestSchema>;

export const h265EstimateResponseSchema = z.object({
  /** The x265 preset that finishes inside the limit (best first), or null when none does. */
  preset: z.string().nullable(),
  estimateSeconds: z.number(),
  /** The fastest preset's estimate: over the limit means the video is refused. */
  fastestSeconds: z.number(),
  limitSeconds: z.number(),
  estimatedSize: z.number(),
  /** How this machine's speed was measured: `{ultrafast: megapixels per second, ...}`. */
  speeds: z.record(z.string(), z.number()),
});
export type H265EstimateResponse = z.infer<typeof h265EstimateResponseSchema>;

export const CONVERSION_STATES = ['uploading', 'queued', 'active', 'done', 'failed', 'cancelled'] as const;
export type ConversionState = (typeof CONVERSION_STATES)[number];

export const h265StatusResponseSchema = z.object({
  state: z.enum(CONVERSION_STATES),
  /** The encoder's progress, 0-100. */
  progress: z.number(),
  preset: z.string().nullable(),
  /** Seconds left by the encoder's pace, null before it has any. */
  secondsLeft: z.number().nullable(),
  estimateSeconds: z.number().nullable(),
  /** Conversions queued before this one, across instances. */
  ahead: z.number(),
  /** Attempts so far (a conversion whose worker died is retried, 3 attempts in all). */
  attempts: z.number(),
  /** How a failed or cancelled conversion ended, as its answer says it; null otherwise. */
  message: z.string().nullable(),
});
export type H265StatusResponse = z.infer<typeof h265StatusResponseSchema>;
