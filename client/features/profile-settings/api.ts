import {
  PROFILE_PATH,
  profileUpdateResponseSchema,
  type ProfileUpdateRequest,
  type ProfileUpdateResponse,
} from '../../../common/contracts/profile-settings';
import type { TFunction } from 'i18next';
import { apiRequest } from '../../lib/api';
import { apiErrorText } from '../../lib/tool-errors';

/** `PUT /api/auth/profile` (spec part 2 §7): `{message, user}` or `{error}`. */
export function updateProfile(body: ProfileUpdateRequest): Promise<ProfileUpdateResponse> {
  return apiRequest({ method: 'PUT', path: PROFILE_PATH, body, schema: profileUpdateResponseSchema });
}

/** Spec part 2 §8 "Profile": the server's error text in the user's language, else 'Failed to update profile'. */
export function profileErrorText(error: unknown, t: TFunction): string {
  return apiErrorText(error, t, t('profile.updateFailed'));
}
