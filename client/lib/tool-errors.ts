import type { TFunction } from 'i18next';
import { TOOL_ERROR_CODES, type ToolFailure } from '../../common/contracts/tool-result';
import { ApiError, readErrorText } from './api';

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

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The text a tool shows for a failed call (spec part 1 §8): the server's error text ('Please select a store' in the
 * user's language), else 'An error occurred' / 'Có lỗi xảy ra'; a call that never got an answer shows
 * 'Server connection error: {message}' / 'Lỗi kết nối server: {message}'.
 */
export function toolErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ToolFailureError) {
    return error.failure.code === TOOL_ERROR_CODES.storeRequired
      ? t('errors.selectStore')
      : error.failure.error || t('errors.generic');
  }
  if (error instanceof ApiError) {
    if (codeOf(error.body) === TOOL_ERROR_CODES.storeRequired) return t('errors.selectStore');
    return readErrorText(error.body) ?? t('errors.generic');
  }
  // fetch rejects with a TypeError when the server cannot be reached or the connection drops.
  if (error instanceof TypeError) return t('errors.serverConnection', { message: error.message });
  return t('errors.generic');
}
