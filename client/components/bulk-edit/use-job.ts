import { useCallback, useEffect, useState } from 'react';
import type { JobView } from '../../../common/contracts/jobs';
import { fetchJob } from './api';
import { addSample, estimateProgress, type ProgressEstimate, type ProgressSample } from './job-estimate';
import { followJob, type JobFollowerDeps } from './job-follower';

const browserDeps: JobFollowerDeps = {
  openEvents: (url) => new EventSource(url, { withCredentials: true }),
  fetchJob,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

interface Followed {
  id: string;
  job: JobView | null;
  samples: ProgressSample[];
  error: unknown;
}

const processedOf = (job: JobView) => job.succeeded + job.failed;

/**
 * The job `id` as it runs (Server-Sent Events, else polling every 2 s), with the rate and the time left estimated
 * from the updates. `update` takes a JobView the screen got otherwise (the answer to start or cancel).
 */
export function useJob(
  id: string | null,
  /** The job as last known elsewhere (the list of active jobs), shown until the first update. */
  known: JobView | null = null,
): {
  job: JobView | null;
  estimate: ProgressEstimate;
  error: unknown;
  update: (job: JobView) => void;
} {
  const [followed, setFollowed] = useState<Followed | null>(null);

  const update = useCallback((job: JobView) => {
    const sample = { at: Date.now(), processed: processedOf(job) };
    setFollowed((current) =>
      current?.id === job.id
        ? { ...current, job, samples: addSample(current.samples, sample), error: null }
        : { id: job.id, job, samples: [sample], error: null },
    );
  }, []);

  useEffect(() => {
    if (id === null) return;
    return followJob(
      id,
      {
        onJob: update,
        onError: (error) =>
          setFollowed((current) =>
            current?.id === id ? { ...current, error } : { id, job: null, samples: [], error },
          ),
      },
      browserDeps,
    );
  }, [id, update]);

  const current = followed !== null && followed.id === id ? followed : null;
  const job = current?.job ?? (known !== null && known.id === id ? known : null);
  return {
    job,
    estimate: current && job ? estimateProgress(current.samples, job.total) : {},
    error: current?.error ?? null,
    update,
  };
}
