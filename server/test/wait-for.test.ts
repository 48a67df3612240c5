import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('answers the first value that satisfies the condition, looking again until then', async () => {
    let calls = 0;
    const value = await waitFor(() => ++calls, {
      what: 'the third call',
      until: (n) => n >= 3,
      intervalMs: 1,
    });
    expect(value).toBe(3);
    expect(calls).toBe(3);
  });

  it('without a condition, answers the first truthy value', async () => {
    let calls = 0;
    const row = await waitFor(() => Promise.resolve(++calls > 1 && { state: 'done' }), {
      what: 'the row',
      intervalMs: 1,
    });
    expect(row).toEqual({ state: 'done' });
  });

  it('calls a probe that threw again', async () => {
    let calls = 0;
    const value = await waitFor(
      () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'ready';
      },
      { what: 'readiness', intervalMs: 1 },
    );
    expect(value).toBe('ready');
  });

  it('fails at the deadline with what it waited for and the last value it saw', async () => {
    await expect(
      waitFor(() => ({ state: 'running', succeeded: 4 }), {
        what: 'the job to end',
        until: (job) => job.state === 'done',
        timeoutMs: 30,
        intervalMs: 5,
      }),
    ).rejects.toThrow(
      'Timed out after 30 ms waiting for the job to end; last value: {"state":"running","succeeded":4}',
    );
    await expect(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { what: 'the server', timeoutMs: 20, intervalMs: 5 },
      ),
    ).rejects.toThrow('waiting for the server; last value: an error: connection refused');
  });
});
