// zod primitives shared by the content API's body schemas, which live in their resource modules (./widgets/*,
// ./page-widgets.ts). Bodies check shape only; the resource rules check references, channels and limits.
import { z } from 'zod';
import { UUID_RE } from './ids';

export const jsonObjectBody = z.record(z.string(), z.unknown());
export const uuidBody = z.string().regex(UUID_RE, { error: 'must be a UUID' });
export const channelIdBody = z.number().int().positive();
/** A name that is not blank; kept as sent (BigCommerce does not document trimming). */
export const nameBody = z.string().regex(/\S/, { error: 'must not be blank' });
