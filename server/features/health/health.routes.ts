import { Hono, type Context } from 'hono';
import { HEALTH_PATH, type HealthResponse } from '../../../common/contracts/health';
import type { Auth } from '../auth/auth';
import { hasAdminRole } from '../auth/roles';
import { getSessionUser } from '../auth/session';
import { requestHeader } from '../../http';
import { isLoopbackRequest } from '../../loopback';
import { createHealthChecker, withoutDetails, type HealthCheck } from './health.service';

/**
 * `GET /api/health`: 200 with the version and each component's state; 503 when a component is down. The components'
 * details (ffmpeg's path and version, the AI endpoint's address, error texts) are for an admin or a caller on this
 * machine only; anyone else reads the states alone (issue 26, point 10).
 */
export function healthRoutes(deps: {
  healthChecks: Record<string, HealthCheck>;
  startedAt: number;
  getAuth: () => Promise<Auth>;
}) {
  const check = createHealthChecker(deps.healthChecks, { startedAt: deps.startedAt });
  // The JSON of each report, with and without the details, made once: the checker hands out the same report object
  // until a component's state or the uptime changes (at most once a second), and load balancers poll far more often.
  const texts = new WeakMap<HealthResponse, { details?: string; states?: string }>();
  const textOf = (health: HealthResponse, details: boolean) => {
    let entry = texts.get(health);
    if (!entry) texts.set(health, (entry = {}));
    return details
      ? (entry.details ??= JSON.stringify(health))
      : (entry.states ??= JSON.stringify(withoutDetails(health)));
  };
  return new Hono().get(HEALTH_PATH, async (c) => {
    const health = await check();
    const details = isLoopbackRequest(c) || (await isAdmin(c, deps.getAuth));
    const body = textOf(health, details);
    // Headers as a plain object: the adapter writes it as is, where `c.header()` + `c.json()` would build and copy a
    // `Headers` for every poll (issue 29).
    return new Response(body, {
      status: health.status === 'ok' ? 200 : 503,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  });
}

/** Whether the caller is a signed-in admin (or an admin viewing as a user). */
async function isAdmin(c: Context, getAuth: () => Promise<Auth>): Promise<boolean> {
  // Load balancers poll without a cookie: no session to look up, so no database query per poll.
  if (requestHeader(c, 'cookie') === undefined) return false;
  try {
    return hasAdminRole((await getSessionUser(await getAuth(), c.req.raw.headers))?.role);
  } catch {
    // The database is down: the report still answers (it says so), without details.
    return false;
  }
}
