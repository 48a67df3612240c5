import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, no I/O, *.test.ts/tsx) and `integration` (*.int.test.ts: the real server over
// HTTP, a real database from a migrated template, the sandbox on loopback).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{client,server,common}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{server,common}/**/*.int.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
