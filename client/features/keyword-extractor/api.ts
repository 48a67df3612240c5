// The Keyword Extractor's two calls (spec part 2 §7) and the texts of their failures (§8).
import type { TFunction } from 'i18next';
import {
  FETCH_CHANNELS_PATH,
  FETCH_PRODUCTS_PATH,
  fetchChannelsResponseSchema,
  fetchProductsResponseSchema,
  type KeywordChannel,
  type ProductPage,
} from '../../../common/contracts/keyword-extractor';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ApiError, apiRequest } from '../../lib/api';
import { readFailure, serverErrorText } from '../../lib/error-text';
import { toolData, ToolFailureError } from '../../lib/tool-errors';

/** `POST /api/fetch-channels`: the store's channels. */
export async function fetchChannels(
  storeCredentials: StoreCredentials,
  signal?: AbortSignal,
): Promise<KeywordChannel[]> {
  const answer = await apiRequest({
    method: 'POST',
    path: FETCH_CHANNELS_PATH,
    body: { storeCredentials },
    schema: fetchChannelsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return toolData(answer).channels;
}

/** `POST /api/fetch-products`: one page of the channel's products (id, name, description). */
export async function fetchProductPage(
  request: { storeCredentials: StoreCredentials; page: number; channelId: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  const answer = await apiRequest({
    method: 'POST',
    path: FETCH_PRODUCTS_PATH,
    body: request,
    schema: fetchProductsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return toolData(answer);
}

function failureText(error: unknown, t: TFunction): string | undefined {
  if (error instanceof ToolFailureError) return serverErrorText(readFailure(error.failure), t);
  if (error instanceof ApiError) return serverErrorText(readFailure(error.body), t);
  return undefined;
}

/**
 * Spec §8: 'the error or Failed to load channels'; an exception (no answer at all) 'Connection error: {reason}'.
 */
export function channelsErrorText(error: unknown, t: TFunction): string {
  if (error instanceof TypeError) return t('errors.connection', { reason: error.message });
  return failureText(error, t) ?? t('keywords.loadChannelsFailed');
}

/**
 * The body of a failed answer as text. The API answers JSON written by `JSON.stringify`, so writing the parsed body
 * again gives back the same characters.
 */
function bodyText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/**
 * Why a page failed (spec §8): an HTTP failure is 'HTTP Error {code}: {first 100 chars}' of its body; an answer with
 * `success: false` shows its error, else 'An error occurred'; no answer at all is 'Connection error: {reason}'.
 */
export function pageErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    return t('errors.httpError', { code: String(error.status), text: bodyText(error.body).slice(0, 100) });
  }
  if (error instanceof TypeError) return t('errors.connection', { reason: error.message });
  return failureText(error, t) ?? t('errors.generic');
}
