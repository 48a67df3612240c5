import { describe, expect, it } from 'vitest';
import { createHealthChecker } from './health.service';

describe('createHealthChecker', () => {
  it('reports ok with the version when every component is up', async () => {
    let t = 10_000;
    const check = createHealthChecker(
      { database: () => Promise.resolve({ status: 'up' }) },
      { startedAt: 0, now: () => t },
    );
    const health = await check();
    expect(health).toMatchObject({ status: 'ok', version: '1.0.0', uptimeSeconds: 10 });
    expect(health.components.database?.status).toBe('up');
    t += 5_000;
    expect((await check()).uptimeSeconds).toBe(15);
  });

  it('reports degraded with the reason when a check throws', async () => {
    const check = createHealthChecker(
      {
        database: () => Promise.reject(new Error('connection refused')),
        storage: () => Promise.resolve({ status: 'up' }),
      },
      { startedAt: 0 },
    );
    const health = await check();
    expect(health.status).toBe('degraded');
    expect(health.components.database).toMatchObject({ status: 'down', detail: 'connection refused' });
    expect(health.components.storage?.status).toBe('up');
  });

  it('shares one check between concurrent callers and reuses it for a second', async () => {
    let t = 0;
    let calls = 0;
    const check = createHealthChecker(
      { database: () => Promise.resolve({ status: 'up' as const, detail: String(++calls) }) },
      { startedAt: 0, now: () => t },
    );
    await Promise.all([check(), check(), check()]);
    expect(calls).toBe(1);
    t = 999;
    await check();
    expect(calls).toBe(1);
    t = 1_000;
    expect((await check()).components.database?.detail).toBe('2');
  });
});
