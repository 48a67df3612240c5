import type { ComponentState, HealthResponse } from '../../../common/contracts/health';
import { APP_VERSION } from '../../../common/version';

export type HealthCheck = () => Promise<ComponentState>;

const CHECK_TIMEOUT_MS = 2_000;
/** Component states are reused for this long, and concurrent callers share one check: under load (or many load
 * balancers polling) the database sees at most one health query per second, not one per request. */
export const HEALTH_CACHE_MS = 1_000;

export function createHealthChecker(
  checks: Record<string, HealthCheck>,
  options: { startedAt: number; now?: () => number; cacheMs?: number },
): () => Promise<HealthResponse> {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? HEALTH_CACHE_MS;
  let cached: { at: number; components: Promise<Record<string, ComponentState>> } | undefined;
  let last: HealthResponse | undefined;

  return async () => {
    const at = now();
    if (!cached || at - cached.at >= cacheMs) cached = { at, components: runChecks(checks, now) };
    const components = await cached.components;
    const uptimeSeconds = Math.round((now() - options.startedAt) / 1000);
    // The same report object while nothing in it changed: callers may keep what they derive from it (the route keeps
    // its JSON text).
    if (last?.components === components && last.uptimeSeconds === uptimeSeconds) return last;
    const isDown = Object.values(components).some((state) => state.status === 'down');
    last = { status: isDown ? 'degraded' : 'ok', version: APP_VERSION, uptimeSeconds, components };
    return last;
  };
}

/** The report for the public: each component's state, without its detail (paths, versions, addresses, errors) or latency. */
export function withoutDetails(health: HealthResponse): HealthResponse {
  const components = Object.fromEntries(
    Object.entries(health.components).map(([name, state]) => [name, { status: state.status }]),
  );
  return { ...health, components };
}

/** Runs every component check in parallel, each bounded by a timeout; a check that throws reports `down`. */
async function runChecks(checks: Record<string, HealthCheck>, now: () => number) {
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
  return Object.fromEntries(entries);
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
