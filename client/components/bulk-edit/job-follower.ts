// Following a job (STYLE.md §5): Server-Sent Events on `jobEventsPath(id)`, each `progress` event the JobView; when
// the stream fails (a proxy that buffers, a server restart), a GET of the job every 2 s instead. It stops once the job
// has ended.
import {
  FINAL_JOB_STATES,
  JOB_EVENT,
  jobEventsPath,
  jobViewSchema,
  type JobView,
} from '../../../common/contracts/jobs';
import { ApiError } from '../../lib/api';

export const POLL_INTERVAL_MS = 2_000;

/** What the follower needs of an EventSource (the browser's, or a fake in tests). */
export interface EventStream {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface JobFollowerDeps {
  openEvents: (url: string) => EventStream;
  fetchJob: (id: string) => Promise<JobView>;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

export interface JobFollowerHandlers {
  onJob: (job: JobView) => void;
  /** A failed poll; the follower keeps polling unless the job is gone (404). */
  onError: (error: unknown) => void;
}

export const isFinalJob = (job: Pick<JobView, 'state'>): boolean => FINAL_JOB_STATES.includes(job.state);

/** Follows job `id` until it ends or the returned stop is called. */
export function followJob(id: string, handlers: JobFollowerHandlers, deps: JobFollowerDeps): () => void {
  let isStopped = false;
  let timer: unknown;
  let stream: EventStream | null = null;

  const stop = () => {
    isStopped = true;
    stream?.close();
    stream = null;
    if (timer !== undefined) deps.clearTimer(timer);
    timer = undefined;
  };

  const take = (job: JobView) => {
    if (isStopped) return;
    handlers.onJob(job);
    if (isFinalJob(job)) stop();
  };

  const poll = () => {
    timer = undefined;
    if (isStopped) return;
    deps.fetchJob(id).then(
      (job) => {
        take(job);
        if (!isStopped) timer = deps.setTimer(poll, POLL_INTERVAL_MS);
      },
      (error: unknown) => {
        if (isStopped) return;
        handlers.onError(error);
        if (error instanceof ApiError && error.status === 404) return stop();
        timer = deps.setTimer(poll, POLL_INTERVAL_MS);
      },
    );
  };

  stream = deps.openEvents(jobEventsPath(id));
  stream.addEventListener(JOB_EVENT, (event) => {
    if (typeof event.data !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const job = jobViewSchema.safeParse(data);
    if (job.success) take(job.data);
  });
  stream.addEventListener('error', () => {
    if (isStopped || !stream) return;
    // The browser would retry the stream on its own; polling is the surer way through whatever broke it.
    stream.close();
    stream = null;
    poll();
  });
  return stop;
}
