import { Hono, type Context } from 'hono';
import { HEALTH_PATH, type HealthResponse } from '../../../common/contracts/health';
import type { Auth } from '../auth/auth';
import { hasAdminRole } from '../auth/roles';
import { getSessionUser } from '../auth/session';
import { requestHeader } from '../../http';
import { isLoopbackRequest } from '../../loopback';
import { createHealthChecker, withoutDetails, type HealthCheck } from './health.service';

type HealthDeps = {
  healthChecks: Record<string, HealthCheck>;
  startedAt: number;
  getAuth: () => Promise<Auth>;
};

type Answer = { status: 200 | 503; body: string };

/** The report's answer: its status and JSON text, with or without the details. */
export type HealthAnswer = ((details: boolean) => Promise<Answer>) & {
  /** The answer at once when a report made in the last REPORT_REUSE_MS is at hand (a poll among many), else undefined. */
  recent(details: boolean): Answer | undefined;
};

/** How long a report made is handed out again as it is, without a look at the checker (its uptime a second behind at most). */
const REPORT_REUSE_MS = 250;

const answers = new WeakMap<Record<string, HealthCheck>, HealthAnswer>();

/**
 * The report's answer for these checks, one per app (the route and the server's fast path share it, so the checks
 * run once a second whichever answers). The JSON of each report, with and without the details, is made once: the
 * checker hands out the same report object until a component's state or the uptime changes (at most once a second),
 * and load balancers poll far more often.
 */
export function healthAnswer(deps: Pick<HealthDeps, 'healthChecks' | 'startedAt'>): HealthAnswer {
  const known = answers.get(deps.healthChecks);
  if (known) return known;
  const check = createHealthChecker(deps.healthChecks, { startedAt: deps.startedAt });
  const texts = new WeakMap<HealthResponse, { details?: string; states?: string }>();
  const answerOf = (health: HealthResponse, details: boolean): Answer => {
    let entry = texts.get(health);
    if (!entry) texts.set(health, (entry = {}));
    const body = details
      ? (entry.details ??= JSON.stringify(health))
      : (entry.states ??= JSON.stringify(withoutDetails(health)));
    return { status: health.status === 'ok' ? 200 : 503, body };
  };
  let last: { health: HealthResponse; until: number } | undefined;
  const answer: HealthAnswer = Object.assign(
    async (details: boolean) => {
      const health = await check();
      last = { health, until: Date.now() + REPORT_REUSE_MS };
      return answerOf(health, details);
    },
    {
      recent: (details: boolean) =>
        last && Date.now() < last.until ? answerOf(last.health, details) : undefined,
    },
  );
  answers.set(deps.healthChecks, answer);
  return answer;
}

/** The headers of the report's answer, besides the app's own (request id, security headers). */
export const HEALTH_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } as const;

/**
 * `GET /api/health`: 200 with the version and each component's state; 503 when a component is down. The components'
 * details (ffmpeg's path and version, the AI endpoint's address, error texts) are for an admin or a caller on this
 * machine only; anyone else reads the states alone (issue 26, point 10).
 */
export function healthRoutes(deps: HealthDeps) {
  const answer = healthAnswer(deps);
  return new Hono().get(HEALTH_PATH, async (c) => {
    const details = isLoopbackRequest(c) || (await isAdmin(c, deps.getAuth));
    const { status, body } = await answer(details);
    // Headers as a plain object: the adapter writes it as is, where `c.header()` + `c.json()` would build and copy a
    // `Headers` for every poll (issue 29).
    return new Response(body, { status, headers: HEALTH_HEADERS });
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
