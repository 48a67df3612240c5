// The answer shape of the store tools (spec part 1 §7): `{success: true, data}` or `{success: false, error}`, with a
// stable `code` beside the text (STYLE.md §3). Shared by the dump tools and the later bulk tools.
import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { storeCredentialsSchema } from './stores';

/** Spec part 1 §5. The client shows its own catalogue text for this code ('Vui lòng chọn store' in Vietnamese). */
export const STORE_REQUIRED_MESSAGE = 'Please select a store';

export const toolFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
});
export type ToolFailure = z.infer<typeof toolFailureSchema>;

export function toolSuccessSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export function toolResultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [toolSuccessSchema(data), toolFailureSchema]);
}

/**
 * `storeCredentials` of a tool request: the whole store object (spec part 1 §7; extra fields such as `name` and
 * `clientId` are ignored). Missing or null reads as 'Please select a store'.
 */
export const toolStoreCredentialsSchema = z.object(storeCredentialsSchema.shape, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? STORE_REQUIRED_MESSAGE
      : 'storeCredentials must be a store object',
});

/** A custom validation issue carrying its stable code: `ctx.addIssue(codedIssue(code, message))`. */
export function codedIssue(code: ErrorCode, message: string, path: PropertyKey[] = []) {
  return { code: 'custom' as const, message, path, params: { code } };
}
