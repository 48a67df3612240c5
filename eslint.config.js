// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Roots: common -> client and common -> server, never client <-> server (STYLE.md §1). */
const ROOT_ZONES = [
  { target: './client', from: './server', message: 'client/ must not import server/ (use common/).' },
  { target: './server', from: './client', message: 'server/ must not import client/ (use common/).' },
  { target: './common', from: './server', message: 'common/ must not import server/.' },
  { target: './common', from: './client', message: 'common/ must not import client/.' },
];

/**
 * The BigCommerce client and the sandbox never import each other (STYLE.md §1, §4): the client must work against any
 * BigCommerce, and the emulator must not borrow the client's understanding of the API. Tests that run the client
 * against the sandbox (and the contract suite) are where the two meet.
 */
const SANDBOX_ZONES = [
  {
    target: './server/sandbox',
    from: './server/integrations/bigcommerce',
    message: 'The sandbox must not import the BigCommerce client (STYLE.md §4).',
  },
  {
    target: './server/integrations/bigcommerce',
    from: './server/sandbox',
    message: 'The BigCommerce client must not import the sandbox (STYLE.md §4).',
  },
];

/**
 * Server layers (issue 30): the platform (db, jobs, storage, mail, audit, integrations, sandbox, agent-tools) imports no feature;
 * a feature imports no other feature but the two platform features every tool builds on: `auth` (sessions, roles,
 * attempt counters) and `jobs` (job ownership). `auth` imports no feature; `jobs` only `auth`. The composition roots
 * (server/app.ts, services.ts, server.ts, main.ts) wire features together.
 */
const SERVER_FEATURES = readdirSync(new URL('./server/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_FEATURE_MESSAGE =
  'A server feature imports no other feature but auth/ and jobs/: what two features share belongs in the platform (server/*, server/db, server/jobs, …).';
const SERVER_LAYER_ZONES = [
  ...['db', 'jobs', 'storage', 'mail', 'audit', 'integrations', 'sandbox', 'agent-tools'].map((dir) => ({
    target: `./server/${dir}`,
    from: './server/features',
    message: `server/${dir}/ is platform: it must not import server/features/ (features register with it).`,
  })),
  ...SERVER_FEATURES.map((feature) => ({
    target: `./server/features/${feature}`,
    from: './server/features',
    except:
      feature === 'auth'
        ? ['./auth']
        : feature === 'jobs'
          ? ['./jobs', './auth']
          : [`./${feature}`, './auth', './jobs'],
    message:
      feature === 'auth'
        ? 'auth must not import another feature: every feature builds on auth (shared parts live in auth/ or server/audit/).'
        : SERVER_FEATURE_MESSAGE,
  })),
  // The job platform knows the kinds only through their definitions (server/jobs/job-kinds.ts): no feature's contract.
  ...['./server/jobs', './server/features/jobs'].map((target) => ({
    target,
    from: './common/contracts',
    except: ['./jobs.ts'],
    message:
      'The job platform imports no feature’s contract (common/contracts/<feature>.ts), only common/contracts/jobs.ts.',
  })),
];

/**
 * Client layers, one direction (STYLE.md §1, as bulletproof-react does it): app -> features -> components -> lib
 * (and anything -> common). The shell (`client/app/`) may import features; a feature may import components and lib,
 * never the shell nor another feature; components import lib only; lib imports lib (and common, locales) only.
 */
const CLIENT_FEATURES = readdirSync(new URL('./client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const CLIENT_LAYER_ZONES = [
  {
    target: './client/features',
    from: './client/app',
    message:
      'A feature must not import the shell (client/app/): what they share lives in client/components/ or client/lib/.',
  },
  ...CLIENT_FEATURES.map((feature) => ({
    target: `./client/features/${feature}`,
    from: './client/features',
    except: [`./${feature}`],
    message:
      'A feature must not import another feature: what two features share lives in client/components/ or client/lib/.',
  })),
  {
    target: './client/components',
    from: ['./client/features', './client/app'],
    message:
      'client/components/ must not import client/features/ or client/app/ (app -> features -> components -> lib).',
  },
  {
    target: './client/lib',
    from: ['./client/components', './client/features', './client/app'],
    message:
      'client/lib/ must not import client/components/, client/features/ or client/app/ (app -> features -> components -> lib).',
  },
];

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'server/integrations/bigcommerce/{testing,contract}/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // So that import-x reads the TypeScript files an import leads to (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // One direction only: common -> client, common -> server; never client <-> server (STYLE.md §1).
      'import-x/no-restricted-paths': ['error', { zones: ROOT_ZONES }],
      // No module imports itself back through others (issue 30): a cycle is two units that are really one, or a
      // missing lower layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...ROOT_ZONES, ...CLIENT_LAYER_ZONES] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...ROOT_ZONES, ...SANDBOX_ZONES, ...SERVER_LAYER_ZONES] },
      ],
    },
  },
  {
    // A screen is a hook for its state and small panels for its view (issue 30): no component file over 350 lines.
    files: ['client/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    // Routes fail only through AppError (STYLE.md §3, issue 30): a plain Error reaches the user as a generic 500.
    // A broken invariant is an AppError with the code `internal`.
    files: ['server/features/**/*.routes.ts', 'server/tool-route.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ThrowStatement > NewExpression[callee.name!='AppError']",
          message:
            'Routes throw only AppError (server/errors.ts): a plain Error reaches the user as a generic 500.',
        },
      ],
    },
  },
  {
    // Vitest runs the files of a worker one after another in the same module registry (vitest.config.ts
    // `isolate: false`): a module mock would leak into the next file. Pass fakes in as arguments instead.
    files: TEST_FILES,
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'hoisted'].map((property) => ({
          object: 'vi',
          property,
          message: 'Module mocks leak between test files (isolate: false): pass the fake in as an argument.',
        })),
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
