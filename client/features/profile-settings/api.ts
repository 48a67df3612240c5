import {
  PROFILE_PATH,
  profileUpdateResponseSchema,
  type ProfileUpdateRequest,
  type ProfileUpdateResponse,
} from '../../../common/contracts/account';
import { ApiError, apiRequest, readErrorText } from '../../lib/api';

/** `PUT /api/auth/profile` (spec part 2 §7): `{message, user}` or `{error}`. */
export function updateProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return apiRequest({ method: 'PUT', path: PROFILE_PATH, body, schema: profileUpdateResponseSchema });
}

/** Spec part 2 §8 "Profile": the server's error text, else 'Failed to update profile' (`undefined` here). */
export function profileErrorText(error: unknown): string | undefined {
  return error instanceof ApiError ? readErrorText(error.body) : undefined;
}
