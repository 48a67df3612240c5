import { useMutation } from '@tanstack/react-query';
import type { JobView } from '../../../common/contracts/jobs';
import { cancelJob } from './api';
import { isFinalJob } from './job-follower';
import { useJob } from './use-job';

/**
 * A job a screen follows and may cancel (a snapshot, a restore): the job as it runs, whether it is still going, its
 * Cancel (stops between batches; the answer updates the job at once), and the rate and time left.
 */
export function useCancellableJob(
  jobId: string | null,
  known: JobView | null,
  onError: (error: unknown) => void,
) {
  const followed = useJob(jobId, known);
  const cancel = useMutation({ mutationFn: cancelJob, onSuccess: followed.update, onError });
  const job = followed.job;
  return {
    update: followed.update,
    view: {
      job,
      jobError: followed.error,
      estimate: followed.estimate,
      isJobActive: jobId !== null && (job === null || !isFinalJob(job)),
      cancel: () => {
        if (jobId !== null) cancel.mutate(jobId);
      },
      isCancelling: cancel.isPending || job?.state === 'cancelling',
    },
  };
}
