// The H.265 cloud converter's calls (spec part 2 §7; issue 17): the estimate before uploading, the upload address,
// the direct PUT of the file to it (XMLHttpRequest: fetch reports no upload progress), the conversion, its status
// while the conversion call waits, and its cancel (issue 29).
import { z } from 'zod';
import {
  CONVERT_H265_PATH,
  convertH265ResultSchema,
  H265_CANCEL_PATH,
  H265_ESTIMATE_PATH,
  H265_STATUS_PATH,
  H265_UPLOAD_URL_PATH,
  h265CancelResponseSchema,
  h265EstimateResponseSchema,
  h265StatusResponseSchema,
  h265UploadUrlResponseSchema,
  type H265EstimateRequest,
  type H265UploadUrlRequest,
  type H265UploadUrlResponse,
} from '../../../common/contracts/video-h265-converter';
import { apiPost, apiRequest } from '../../lib/api';

/** The conversion's 2xx answer: the result, or `{success: false, ...}` (read by the screen as the spec says). */
const conversionAnswerSchema = z.union([
  convertH265ResultSchema,
  z.looseObject({ success: z.literal(false) }).transform((body) => ({ success: false as const, body })),
]);
export type ConversionAnswer = z.infer<typeof conversionAnswerSchema>;

export function fetchEstimate(request: H265EstimateRequest, signal?: AbortSignal) {
  return apiPost(H265_ESTIMATE_PATH, request, h265EstimateResponseSchema, signal);
}

export function requestUploadUrl(request: H265UploadUrlRequest, signal?: AbortSignal) {
  return apiPost(H265_UPLOAD_URL_PATH, request, h265UploadUrlResponseSchema, signal);
}

export function requestConversion(
  request: { s3Key: string; filename: string },
  signal?: AbortSignal,
): Promise<ConversionAnswer> {
  return apiPost(CONVERT_H265_PATH, request, conversionAnswerSchema, signal);
}

export function fetchStatus(s3Key: string, signal?: AbortSignal) {
  return apiRequest({
    path: `${H265_STATUS_PATH}?s3Key=${encodeURIComponent(s3Key)}`,
    schema: h265StatusResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Cancels the conversion of an upload (waiting, uploading or running): the server deletes its files. */
export function cancelConversion(s3Key: string, signal?: AbortSignal) {
  return apiPost(H265_CANCEL_PATH, { s3Key }, h265CancelResponseSchema, signal);
}

/** The direct upload answered with a status that is not 2xx. */
export class UploadStatusError extends Error {
  constructor(readonly status: number) {
    super(`Failed to upload video. Status: ${status}`);
    this.name = 'UploadStatusError';
  }
}

/**
 * PUTs the file to the upload address with exactly the headers it was given, reporting the bytes sent. The address
 * may be another origin (an S3 bucket): no credentials go with it. A connection that fails rejects with a TypeError,
 * as fetch does; an abort with an AbortError.
 */
export function uploadFile(
  address: Pick<H265UploadUrlResponse, 'uploadUrl' | 'headers'>,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', address.uploadUrl);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(address.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadStatusError(xhr.status));
    };
    xhr.onerror = () => reject(new TypeError('the upload connection failed'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
