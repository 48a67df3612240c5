// The H.265 converter's cleanup (spec part 2: nothing is kept past 24 hours; issue 26, point 5): conversions past
// their expiry go with their upload and output, uploads never converted within an hour and upload addresses never used
// go with their rows, and stray objects under the converter's prefix go after 24 hours.
import {
  PREFIX,
  RETENTION_MS,
  UNCONVERTED_UPLOAD_MS,
  UNUSED_ROW_MS,
  UPLOAD_ADDRESS_SECONDS,
  type ConverterContext,
} from './video-h265-converter.context';

/**
 * Deletes conversions (their rows, uploads and outputs) past their expiry, uploads never converted within an hour,
 * and stray objects over 24 hours old.
 */
export async function sweep(context: ConverterContext): Promise<{ rows: number; objects: number }> {
  const { repository, storage } = context;
  const at = new Date(context.now());
  const unused = await sweepUnusedAddresses(context, at);
  const expired = await repository.findExpired(at, new Date(at.getTime() - UNCONVERTED_UPLOAD_MS));
  let objects = 0;
  for (const row of expired) {
    for (const key of [row.uploadKey, row.outputKey]) {
      if (!key) continue;
      if (await storage.headObject(key)) objects += 1;
      await storage.deleteObject(key);
    }
  }
  if (expired.length > 0) await repository.deleteAll(expired.map((row) => row.id));
  objects += await storage.deleteOlderThan(PREFIX, new Date(at.getTime() - RETENTION_MS));
  return { rows: unused + expired.length, objects };
}

/**
 * Upload addresses past their expiry that the sweep has not seen used: a file there marks the row uploaded (it keeps
 * counting as waiting until converted or an hour old); none after UNUSED_ROW_MS deletes the row (issue 26, point 5).
 */
async function sweepUnusedAddresses(context: ConverterContext, at: Date): Promise<number> {
  const { repository, storage } = context;
  const unseen = await repository.findUnseenUploads(new Date(at.getTime() - UPLOAD_ADDRESS_SECONDS * 1000));
  let deleted = 0;
  for (const row of unseen) {
    if (await storage.headObject(row.uploadKey)) {
      await repository.markUploaded(row.id, at);
    } else if (row.createdAt.getTime() < at.getTime() - UNUSED_ROW_MS) {
      if (await repository.deleteUnusedUpload(row.id)) deleted += 1;
    }
  }
  return deleted;
}
