// The settings checked against the machine at start (issue 29): H265_CONCURRENCY conversions, each allowed
// H265_MEMORY_LIMIT_MB of address space, must fit in the memory the process has (the machine's, or its cgroup's).
import { describe, expect, it } from 'vitest';
import { EnvError, h265MemoryProblem, parseEnv, readMachineMemory, type MachineMemory } from './env';

const GB = 1024 ** 3;
const machine = (totalGb: number, cgroupGb: number | null = null): MachineMemory => ({
  totalBytes: totalGb * GB,
  cgroupBytes: cgroupGb === null ? null : cgroupGb * GB,
});

describe('H265_CONCURRENCY × H265_MEMORY_LIMIT_MB against the machine', () => {
  it('accepts what fits, up to exactly the memory there is', () => {
    expect(
      h265MemoryProblem({ H265_CONCURRENCY: 1, H265_MEMORY_LIMIT_MB: 3072 }, machine(24)),
    ).toBeUndefined();
    expect(
      h265MemoryProblem({ H265_CONCURRENCY: 8, H265_MEMORY_LIMIT_MB: 3072 }, machine(24)),
    ).toBeUndefined();
    expect(
      h265MemoryProblem({ H265_CONCURRENCY: 2, H265_MEMORY_LIMIT_MB: 2048 }, machine(4)),
    ).toBeUndefined();
  });

  it('refuses more, saying what would fit', () => {
    expect(h265MemoryProblem({ H265_CONCURRENCY: 3, H265_MEMORY_LIMIT_MB: 3072 }, machine(8))).toBe(
      'H265_CONCURRENCY: 3 conversions at once × H265_MEMORY_LIMIT_MB 3072 MB = 9216 MB, more than the 8192 MB ' +
        'this machine has: lower H265_CONCURRENCY to 2 or H265_MEMORY_LIMIT_MB to 2730',
    );
    // The defaults on a small machine: not even one fits.
    expect(h265MemoryProblem({ H265_CONCURRENCY: 1, H265_MEMORY_LIMIT_MB: 3072 }, machine(2))).toBe(
      'H265_CONCURRENCY: 1 conversion at once × H265_MEMORY_LIMIT_MB 3072 MB = 3072 MB, more than the 2048 MB ' +
        'this machine has: lower H265_MEMORY_LIMIT_MB to at most 2048',
    );
  });

  it('counts the cgroup limit when it is below the machine’s memory', () => {
    expect(h265MemoryProblem({ H265_CONCURRENCY: 2, H265_MEMORY_LIMIT_MB: 3072 }, machine(64, 4))).toBe(
      'H265_CONCURRENCY: 2 conversions at once × H265_MEMORY_LIMIT_MB 3072 MB = 6144 MB, more than the 4096 MB ' +
        'this machine has (its cgroup memory limit): lower H265_CONCURRENCY to 1 or H265_MEMORY_LIMIT_MB to 2048',
    );
    // A cgroup limit above the machine's memory changes nothing.
    expect(h265MemoryProblem({ H265_CONCURRENCY: 2, H265_MEMORY_LIMIT_MB: 3072 }, machine(4, 64))).toMatch(
      /more than the 4096 MB this machine has: /,
    );
  });

  it('has nothing to check without a bound (H265_MEMORY_LIMIT_MB=0)', () => {
    expect(h265MemoryProblem({ H265_CONCURRENCY: 8, H265_MEMORY_LIMIT_MB: 0 }, machine(1))).toBeUndefined();
  });

  it('is part of parsing when the machine is given, and lists the problem as an EnvError', () => {
    const small = machine(2);
    expect(() => parseEnv({ H265_CONCURRENCY: '1', H265_MEMORY_LIMIT_MB: '1024' }, small)).not.toThrow();
    let caught: unknown;
    try {
      parseEnv({ H265_CONCURRENCY: '2', H265_MEMORY_LIMIT_MB: '2048' }, small);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).problems).toEqual([
      'H265_CONCURRENCY: 2 conversions at once × H265_MEMORY_LIMIT_MB 2048 MB = 4096 MB, more than the 2048 MB ' +
        'this machine has: lower H265_CONCURRENCY to 1 or H265_MEMORY_LIMIT_MB to 1024',
    ]);
    // Left to the defaults on a small machine, the bound is derived from its memory (three quarters) instead.
    expect(parseEnv({}, machine(2)).H265_MEMORY_LIMIT_MB).toBe(1536);
    expect(parseEnv({}, machine(24)).H265_MEMORY_LIMIT_MB).toBe(3072);
    // Without the machine (tests, tools), nothing depends on it.
    expect(parseEnv({ H265_CONCURRENCY: '8', H265_MEMORY_LIMIT_MB: '65536' }).H265_CONCURRENCY).toBe(8);
  });
});

describe('reading the memory the process has', () => {
  const files = (entries: Record<string, string>) => (file: string) => entries[file];

  it('takes the smallest cgroup v2 limit on the process’s cgroup and above it', () => {
    const read = files({
      '/proc/self/cgroup': '0::/system.slice/app.service\n',
      '/sys/fs/cgroup/system.slice/app.service/memory.max': '4294967296\n',
      '/sys/fs/cgroup/system.slice/memory.max': '2147483648\n',
      '/sys/fs/cgroup/memory.max': 'max\n',
    });
    expect(readMachineMemory(read, 16 * GB)).toEqual({ totalBytes: 16 * GB, cgroupBytes: 2 * GB });
  });

  it('reads /sys/fs/cgroup/memory.max in a container whose cgroup is its root', () => {
    const read = files({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': '3221225472' });
    expect(readMachineMemory(read, 16 * GB).cgroupBytes).toBe(3 * GB);
  });

  it('reads cgroup v1 limits, where 2^63 rounded to a page means none', () => {
    const unlimited = files({
      '/proc/self/cgroup': '4:memory:/process_api/abc\n0::/\n',
      '/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes': '9223372036854771712',
      '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712',
    });
    expect(readMachineMemory(unlimited, 24 * GB)).toEqual({ totalBytes: 24 * GB, cgroupBytes: null });
    const limited = files({
      '/proc/self/cgroup': '7:cpu,memory:/docker/abc\n',
      '/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes': '1073741824',
    });
    expect(readMachineMemory(limited, 24 * GB).cgroupBytes).toBe(GB);
  });

  it('finds no limit where there is no cgroup file at all', () => {
    expect(readMachineMemory(() => undefined, 8 * GB)).toEqual({ totalBytes: 8 * GB, cgroupBytes: null });
  });

  it('reads this machine without failing', () => {
    const here = readMachineMemory();
    expect(here.totalBytes).toBeGreaterThan(0);
    if (here.cgroupBytes !== null) expect(here.cgroupBytes).toBeGreaterThan(0);
  });
});
