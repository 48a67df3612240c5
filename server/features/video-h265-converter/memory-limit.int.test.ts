// Issue 29: the app refuses to start when H265_CONCURRENCY conversions, each allowed H265_MEMORY_LIMIT_MB of address
// space, would not fit in the machine's memory: `npm start` (server/main.ts) prints the problem and exits 1, before
// it opens a database or a port. The rule itself is unit-tested in server/env-machine.test.ts.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMachineMemory } from '../../env';
import { startChildApp } from '../../test/child-server';

describe('starting with more H.265 conversions than the memory holds', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bct-h265-memory-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is refused with the reason, and nothing is started', async () => {
    // 8 × 64 GB: more than any machine the tests run on.
    const machine = readMachineMemory();
    const availableMb = Math.floor(
      Math.min(machine.totalBytes, machine.cgroupBytes ?? Infinity) / 1024 / 1024,
    );
    expect(availableMb).toBeLessThan(8 * 65536);
    const started = startChildApp({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      H265_CONCURRENCY: '8',
      H265_MEMORY_LIMIT_MB: '65536',
    });
    const error = await started.then(
      () => new Error('the app started'),
      (refused: unknown) => refused as Error,
    );
    expect(error.message).toMatch(/exited with 1:/);
    expect(error.message).toContain(
      `Invalid configuration:\n  - H265_CONCURRENCY: 8 conversions at once × H265_MEMORY_LIMIT_MB 65536 MB = ` +
        `524288 MB, more than the ${availableMb} MB this machine has`,
    );
    // Refused before anything was made: no database in the data folder.
    expect(await readdir(dataDir)).toEqual([]);
  });
});
