import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { ToolFailure } from '../../common/contracts/tool-result';
import { ApiError, apiPost } from './api';
import { readFailure, serverErrorParts } from './error-text';

/** A tool answer with `success: false` (a streamed answer ends so after its 200). */
export class ToolFailureError extends Error {
  constructor(readonly failure: ToolFailure) {
    super(failure.error);
    this.name = 'ToolFailureError';
  }
}

/** The data of a tool answer; a `success: false` answer is thrown as a ToolFailureError. */
export function toolData<T>(answer: { success: true; data: T } | ToolFailure): T {
  if (!answer.success) throw new ToolFailureError(answer);
  return answer.data;
}

/** One tool call: the request posted as JSON, the data of a `success: true` answer (a failure is thrown). */
export async function postTool<T>(
  path: string,
  body: unknown,
  schema: z.ZodType<{ success: true; data: T } | ToolFailure>,
  signal?: AbortSignal,
): Promise<T> {
  return toolData(await apiPost(path, body, schema, signal));
}

/**
 * The text a tool shows for a failed call (spec part 1 §8): the server's error in the user's language ('Please select
 * a store' / 'Vui lòng chọn store'), else 'An error occurred' / 'Có lỗi xảy ra'; a call that never got an answer
 * shows 'Server connection error: {message}' / 'Lỗi kết nối server: {message}'.
 */
export function toolErrorText(error: unknown, t: TFunction): string {
  return toolErrorParts(error, t).text;
}

/** `toolErrorText` and, where it replaced the server's words, those words for a "Details" toggle. */
export function toolErrorParts(error: unknown, t: TFunction): { text: string; detail?: string } {
  const failure =
    error instanceof ToolFailureError
      ? readFailure(error.failure)
      : error instanceof ApiError
        ? readFailure(error.body)
        : undefined;
  if (failure) {
    const { text, detail } = serverErrorParts(failure, t);
    return { text: text ?? t('errors.generic'), ...(detail !== undefined ? { detail } : {}) };
  }
  // fetch rejects with a TypeError when the server cannot be reached or the connection drops.
  if (error instanceof TypeError) return { text: t('errors.serverConnection', { message: error.message }) };
  return { text: t('errors.generic') };
}

/** The code of a failed tool call or API request (`product_not_found`, …), if its answer had one. */
export function failureCode(error: unknown): string | undefined {
  if (error instanceof ToolFailureError) return error.failure.code;
  if (error instanceof ApiError) return readFailure(error.body).code;
  return undefined;
}

/** The text for any failed request to our API: the server's error in the user's language, else the fallback. */
export function apiErrorText(error: unknown, t: TFunction, fallback: string = t('errors.generic')): string {
  if (error instanceof ApiError) return serverErrorParts(readFailure(error.body), t).text ?? fallback;
  if (error instanceof TypeError) return t('errors.serverConnection', { message: error.message });
  return fallback;
}
