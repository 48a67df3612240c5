// Tests wait for a condition, never for a length of time (issue 29): `waitFor` looks again every `intervalMs` until the
// condition holds, and at the deadline fails saying what it waited for and what it saw last. The deadline is the net
// under a run that hangs, never how long the event should take: a machine busy with other work (another `npm test`)
// takes several times longer (issue 43): beside a second full run at a load of 13-15 on 2 cores, a server's start-up and
// jobs that end in seconds alone passed 30 s. So it is 120 s, under the integration tests' own 240 s. Test-only.

export type WaitForOptions = {
  /** What is awaited, for the failure's message: `the job to end`. */
  what: string;
  /** How long to keep looking (default 120 s): a net, not the time the event should take. */
  timeoutMs?: number;
  /** The pause between two looks (default 50 ms). */
  intervalMs?: number;
};

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Calls `probe` until its answer satisfies `until` (without `until`: until it is truthy) and answers that value. A
 * probe that throws is called again (an assertion inside it may pass later). At the deadline it throws
 * `Timed out after 120000 ms waiting for the job to end; last value: {…}` (or the last error's message).
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  options: WaitForOptions & { until: (value: T) => boolean },
): Promise<T>;
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitForOptions): Promise<Truthy<T>>;
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  options: WaitForOptions & { until?: (value: T) => boolean },
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  const done = options.until ?? ((value: T) => Boolean(value));
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (done(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() >= deadline) {
      const seen =
        last === undefined
          ? 'nothing'
          : 'error' in last
            ? `an error: ${last.error instanceof Error ? last.error.message : String(last.error)}`
            : describe(last.value);
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${options.what}; last value: ${seen}`, {
        cause: last && 'error' in last ? last.error : undefined,
      });
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))),
    );
  }
}

/** A value as the failure shows it: JSON where it can be, cut at 2,000 characters. */
function describe(value: unknown): string {
  let text: string;
  try {
    // undefined, a function or a symbol have no JSON.
    text = JSON.stringify(value) ?? typeof value;
  } catch {
    text = `a ${typeof value} that is not JSON`;
  }
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}
