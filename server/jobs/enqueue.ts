// Queueing a job whose row is written (issue 29): when the queue refuses it, the row is ended as failed at once, so
// it neither waits forever for a slice nor holds one of its owner's and its store's places.
import type { JobStore } from './job-store';

export async function enqueueOrFail(
  store: JobStore,
  enqueue: () => Promise<void>,
  jobId: string,
): Promise<void> {
  try {
    await enqueue();
  } catch (error) {
    await store
      .finish(jobId, 'failed', new Date(), 'The job could not be queued. Please try again.')
      .catch(() => undefined);
    // Logged by the error handler and answered as the generic failure.
    throw error;
  }
}
