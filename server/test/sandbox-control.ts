// The sandbox's control API (`…/sandbox/__control`: stores, their settings, faults, stats) as the tests call it.
import { expect } from 'vitest';

/** Calls the control API of `sandbox`; answers the status and the JSON body (none for an empty answer). */
export async function controlCall(
  sandbox: { controlUrl: string },
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: { data: unknown } }> {
  const res = await fetch(`${sandbox.controlUrl}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as { data: unknown } };
}

/** As `controlCall`, failing the test unless the call succeeded; answers the body. */
export async function controlSandbox(
  sandbox: { controlUrl: string },
  method: string,
  route: string,
  body?: unknown,
): Promise<{ data: Record<string, unknown> }> {
  const answer = await controlCall(sandbox, method, route, body);
  expect(answer.status, route).toBeLessThan(300);
  return answer.body as { data: Record<string, unknown> };
}
