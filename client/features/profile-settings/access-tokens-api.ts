// `/api/access-tokens` (issue 33): the signed-in user's personal access tokens for AI agents.
import {
  ACCESS_TOKENS_PATH,
  accessTokenPath,
  createAccessTokenResponseSchema,
  deleteAccessTokenResponseSchema,
  listAccessTokensResponseSchema,
  type AccessTokenSummary,
  type CreateAccessTokenRequest,
  type CreateAccessTokenResponse,
} from '../../../common/contracts/access-tokens';
import { apiPost, apiRequest } from '../../lib/api';

export async function listAccessTokens(): Promise<AccessTokenSummary[]> {
  return (await apiRequest({ path: ACCESS_TOKENS_PATH, schema: listAccessTokensResponseSchema })).tokens;
}

export function createAccessToken(body: CreateAccessTokenRequest): Promise<CreateAccessTokenResponse> {
  return apiPost(ACCESS_TOKENS_PATH, body, createAccessTokenResponseSchema);
}

export async function revokeAccessToken(id: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: accessTokenPath(id), schema: deleteAccessTokenResponseSchema });
}
