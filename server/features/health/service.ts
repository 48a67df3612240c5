import type { ComponentState, HealthResponse } from '../../../common/contracts/health';
import { APP_VERSION } from '../../../common/version';

export type HealthCheck = () => Promise<ComponentState>;

const CHECK_TIMEOUT_MS = 2_000;

/** Runs every component check in parallel, each bounded by a timeout, and reports the whole. */
export async function checkHealth(
  checks: Record<string, HealthCheck>,
  startedAt: number,
  now: () => number = Date.now,
): Promise<HealthResponse> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, ComponentState]> => {
      const started = now();
      try {
        const state = await withTimeout(check(), CHECK_TIMEOUT_MS);
        return [name, { latencyMs: now() - started, ...state }];
      } catch (error) {
        const detail = error instanceof Error ? error.message : 'check failed';
        return [name, { status: 'down', latencyMs: now() - started, detail }];
      }
    }),
  );
  const components = Object.fromEntries(entries);
  const isDown = entries.some(([, state]) => state.status === 'down');
  return {
    status: isDown ? 'degraded' : 'ok',
    version: APP_VERSION,
    uptimeSeconds: Math.round((now() - startedAt) / 1000),
    components,
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
