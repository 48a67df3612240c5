// Wire contract of the profile-settings tab: the user's own name, email and password (spec part 2 §5 "Profile").
import { z } from 'zod';
import { AUTH_BASE_PATH } from './account';

/** Spec part 2 §5 "Profile" and §7 `PUT /api/auth/profile`. */
export const PROFILE_PATH = `${AUTH_BASE_PATH}/profile`;

export const profileUpdateRequestSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  currentPassword: z.string().optional(),
  newPassword: z.string().optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const profileUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isVerified: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const PROFILE_SUCCESS_MESSAGE = 'Profile updated successfully!';

/**
 * Success `{message, user}`; failure `{error}` (with a stable `code` beside it). A changed email is only requested:
 * `pendingEmail` says which address must confirm it (the account keeps its address until then).
 */
export const profileUpdateResponseSchema = z.object({
  message: z.string(),
  user: profileUserSchema,
  pendingEmail: z.string().optional(),
});
export function emailChangePendingMessage(email: string): string {
  return `Profile updated successfully! To change your email, open the link we sent to ${email}.`;
}
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;
