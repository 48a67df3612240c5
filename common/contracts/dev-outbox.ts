// Wire contract of the development outbox.
import { z } from 'zod';

/** Development outbox (only when NODE_ENV is not production): every mail the embedded default kept. */
export const OUTBOX_PAGE_PATH = '/dev/outbox';
export const OUTBOX_API_PATH = '/api/dev/outbox';
export const outboxMailSchema = z.object({
  id: z.string(),
  at: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;
export const outboxResponseSchema = z.object({ mails: z.array(outboxMailSchema) });
