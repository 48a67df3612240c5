import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure logic, no I/O, *.test.ts/tsx) and `integration` (*.int.test.ts: the real server over
// HTTP, a real database from a migrated template, the sandbox on loopback).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{client,server,common,e2e}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // Modules stay loaded from one file to the next (no module mocks here; stubbed globals and fake timers are
          // put back after each test): 52 s → 29 s.
          isolate: false,
          // A deadline is only the net under a hung test (issue 43): on a machine busy with other work a test that
          // takes 1 s alone took 6 s, and one that lints a file 80 s.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{server,common}/**/*.int.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // The net under a hung test, not a deadline (issue 43): beside a second full run and other work (a load of
          // 13 on 2 cores) restores that take 10 s alone passed 60 s; each waits for the event it means.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          pool: 'forks',
          // A worker keeps its loaded modules from one file to the next: each file starts its own server, database
          // and sandbox, and shares nothing else (no module mocks, no lasting global changes). Importing the app
          // again for every file cost 120 s of the suite's 690 (measured: 692 s → 563 s, every test passing).
          isolate: false,
        },
      },
    ],
  },
});
