// The Keyword Extractor's two calls (spec part 2 §7) and the texts of their failures (§8), and the call of the report
// on page titles (issue 14).
import type { TFunction } from 'i18next';
import {
  FETCH_CHANNELS_PATH,
  FETCH_PRODUCTS_PATH,
  fetchChannelsResponseSchema,
  fetchProductsResponseSchema,
  MISSING_FROM_TITLES_PATH,
  missingFromTitlesResponseSchema,
  type KeywordChannel,
  type MissingFromTitlesRequest,
  type ProductPage,
} from '../../../common/contracts/keyword-extractor';
import type { StoreCredentials } from '../../../common/contracts/stores';
import { ApiError } from '../../lib/api';
import { readFailure, serverErrorText } from '../../lib/error-text';
import { postTool, ToolFailureError } from '../../lib/tool-errors';

/** `POST /api/fetch-channels`: the store's channels. */
export async function fetchChannels(
  storeCredentials: StoreCredentials,
  signal?: AbortSignal,
): Promise<KeywordChannel[]> {
  return (await postTool(FETCH_CHANNELS_PATH, { storeCredentials }, fetchChannelsResponseSchema, signal))
    .channels;
}

/** `POST /api/fetch-products`: one page of the channel's products (id, name, description). */
export function fetchProductPage(
  request: { storeCredentials: StoreCredentials; page: number; channelId: number },
  signal?: AbortSignal,
): Promise<ProductPage> {
  return postTool(FETCH_PRODUCTS_PATH, request, fetchProductsResponseSchema, signal);
}

/** `POST /api/keyword-extractor/missing-from-titles`: the report for up to 250 products. */
export function fetchMissingFromTitles(request: MissingFromTitlesRequest, signal?: AbortSignal) {
  return postTool(MISSING_FROM_TITLES_PATH, request, missingFromTitlesResponseSchema, signal);
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
