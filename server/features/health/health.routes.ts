import { Hono, type Context } from 'hono';
import type { Auth } from '../auth/auth';
import { hasAdminRole } from '../auth/roles';
import { getSessionUser } from '../auth/session';
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
  return new Hono().get('/', async (c) => {
    const health = await check();
    c.header('Cache-Control', 'no-store');
    const body = (await maySeeDetails(c, deps.getAuth)) ? health : withoutDetails(health);
    return c.json(body, health.status === 'ok' ? 200 : 503);
  });
}

async function maySeeDetails(c: Context, getAuth: () => Promise<Auth>): Promise<boolean> {
  if (isLoopbackRequest(c)) return true;
  // Load balancers poll without a cookie: no session to look up, so no database query per poll.
  if (c.req.header('cookie') === undefined) return false;
  try {
    return hasAdminRole((await getSessionUser(await getAuth(), c.req.raw.headers))?.role);
  } catch {
    // The database is down: the report still answers (it says so), without details.
    return false;
  }
}
