// H.265 cloud conversions (video_conversion).
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * H.265 cloud conversions (issue 17): one row per upload address given out, so a key is usable only by the owner it
 * was given to (`user:<id>` or `visitor:<id>`). The row follows the upload and its conversion (a pg-boss job on the
 * `video-h265` queue): `uploading` -> `queued` -> `active` -> `done` or `failed`. The upload, the converted file and
 * the row are deleted 24 hours after the address was given (`expires_at`) by the sweep in
 * server/features/video-h265-converter/.
 */
export const videoConversion = pgTable(
  'video_conversion',
  {
    id: text('id').primaryKey(),
    /** The upload's object key (the spec's `s3Key`). */
    uploadKey: text('upload_key').notNull().unique(),
    owner: text('owner').notNull(),
    /** The client address the upload address was given to (issue 26: waiting uploads are counted per caller). */
    clientKey: text('client_key'),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    state: text('state').notNull(),
    /** The encoder's progress, 0-100, while active. */
    progress: integer('progress').notNull().default(0),
    preset: text('preset'),
    /** The probe and the estimate: `{durationSeconds, width, height, videoCodec, audioCodec, estimateSeconds}`. */
    probe: jsonb('probe'),
    originalSize: bigint('original_size', { mode: 'number' }),
    convertedSize: bigint('converted_size', { mode: 'number' }),
    outputKey: text('output_key'),
    outputName: text('output_name'),
    /** Seconds the encoder ran (the last attempt). */
    encodeSeconds: integer('encode_seconds'),
    attempts: integer('attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the sweep found the upload's file (its address expired, the conversion not asked for yet). */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('video_conversion_owner_created_idx').on(table.owner, table.createdAt),
    index('video_conversion_expires_idx').on(table.expiresAt),
    index('video_conversion_state_created_idx').on(table.state, table.createdAt),
  ],
);
