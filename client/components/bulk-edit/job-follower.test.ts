import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../common/contracts/jobs';
import { ApiError } from '../../lib/api';
import { followJob, POLL_INTERVAL_MS, type EventStream, type JobFollowerDeps } from './job-follower';
import { jobView } from './test-jobs';

/** A hand-driven EventSource, timers and job endpoint. */
function harness(answers: Array<JobView | Error>) {
  const listeners = new Map<string, Array<(event: { data?: unknown }) => void>>();
  const opened: string[] = [];
  let closed = 0;
  const timers: Array<{ run: () => void; ms: number; isCleared: boolean }> = [];
  const fetched: string[] = [];
  const stream: EventStream = {
    addEventListener: (type, listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    close: () => {
      closed += 1;
    },
  };
  const deps: JobFollowerDeps = {
    openEvents: (url) => {
      opened.push(url);
      return stream;
    },
    fetchJob: (id) => {
      fetched.push(id);
      const answer = answers.shift();
      if (!answer) return new Promise<JobView>(() => undefined);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, isCleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { isCleared: boolean }).isCleared = true;
    },
  };
  const emit = (type: string, data?: unknown) =>
    listeners.get(type)?.forEach((listener) => listener({ data }));
  const pending = () => timers.filter((timer) => !timer.isCleared);
  const runTimer = async () => {
    const timer = timers.shift();
    if (!timer || timer.isCleared) throw new Error('no timer to run');
    timer.run();
    await flush();
  };
  return { deps, opened, fetched, emit, pending, runTimer, closedCount: () => closed };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('followJob', () => {
  it('reads the progress events of the job and stops when it ends', () => {
    const h = harness([]);
    const seen: JobView[] = [];
    followJob('job 1', { onJob: (job) => seen.push(job), onError: () => undefined }, h.deps);
    expect(h.opened).toEqual(['/api/jobs/job%201/events']);
    h.emit('progress', JSON.stringify(jobView({ succeeded: 10 })));
    h.emit('progress', 'not json');
    h.emit('progress', JSON.stringify({ id: 'job-1' }));
    h.emit('progress', JSON.stringify(jobView({ state: 'done', succeeded: 100 })));
    expect(seen.map((job) => [job.state, job.succeeded])).toEqual([
      ['running', 10],
      ['done', 100],
    ]);
    expect(h.closedCount()).toBe(1);
    // The stream closing after the end is not a reason to poll.
    h.emit('error');
    expect(h.fetched).toEqual([]);
  });

  it('polls the job every 2 s once the stream fails, until the job ends', async () => {
    const h = harness([
      jobView({ succeeded: 20 }),
      jobView({ succeeded: 40 }),
      jobView({ state: 'cancelled' }),
    ]);
    const seen: number[] = [];
    followJob('job-1', { onJob: (job) => seen.push(job.succeeded), onError: () => undefined }, h.deps);
    h.emit('error');
    expect(h.closedCount()).toBe(1);
    await flush();
    expect(seen).toEqual([20]);
    expect(h.pending().map((timer) => timer.ms)).toEqual([POLL_INTERVAL_MS]);
    await h.runTimer();
    await h.runTimer();
    expect(seen).toEqual([20, 40, 0]);
    expect(h.fetched).toHaveLength(3);
    expect(h.pending()).toEqual([]);
    // Events that still arrive after the switch are ignored.
    h.emit('progress', JSON.stringify(jobView({ succeeded: 99 })));
    expect(seen).toEqual([20, 40, 0]);
  });

  it('keeps polling through a failed poll, and stops when the job is gone', async () => {
    const h = harness([new TypeError('offline'), new ApiError(404, { code: 'job_not_found' }, 'gone')]);
    const errors: unknown[] = [];
    followJob('job-1', { onJob: () => undefined, onError: (error) => errors.push(error) }, h.deps);
    h.emit('error');
    await flush();
    expect(errors).toHaveLength(1);
    expect(h.pending()).toHaveLength(1);
    await h.runTimer();
    expect(errors).toHaveLength(2);
    expect(h.pending()).toEqual([]);
  });

  it('stops everything when the screen lets go', async () => {
    const h = harness([jobView()]);
    const seen: JobView[] = [];
    const stop = followJob('job-1', { onJob: (job) => seen.push(job), onError: () => undefined }, h.deps);
    h.emit('error');
    await flush();
    stop();
    expect(h.pending()).toEqual([]);
    h.emit('progress', JSON.stringify(jobView()));
    expect(seen).toHaveLength(1);
  });
});
