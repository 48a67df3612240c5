import { Hono } from 'hono';
import { createHealthChecker, type HealthCheck } from './health.service';

/** `GET /api/health`: 200 with the version and each component's state; 503 when a component is down. */
export function healthRoutes(deps: { healthChecks: Record<string, HealthCheck>; startedAt: number }) {
  const check = createHealthChecker(deps.healthChecks, { startedAt: deps.startedAt });
  return new Hono().get('/', async (c) => {
    const health = await check();
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
}
