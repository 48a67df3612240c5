// The one-direction import rules (STYLE.md §1): client/ and server/ never import each other; common/ imports neither;
// inside the client, app -> features -> components -> lib, and no feature imports another.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedPathMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('import boundaries', { timeout: 300_000 }, () => {
  it('refuses client -> server', async () => {
    const messages = await restrictedPathMessages(
      'client/app/app.tsx',
      "import { loadEnv } from '../../server/env';\nexport const x = loadEnv;\n",
    );
    expect(messages).toEqual([
      'Unexpected path "../../server/env" imported in restricted zone. client/ must not import server/ (use common/).',
    ]);
  });

  it('refuses server -> client and common -> server', async () => {
    expect(
      await restrictedPathMessages(
        'server/app.ts',
        "import { APP } from '../client/app/app';\nexport const x = APP;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedPathMessages(
        'common/version.ts',
        "import { loadEnv } from '../server/env';\nexport const x = loadEnv;\n",
      ),
    ).toHaveLength(1);
  });

  it('allows common -> client and common -> server', async () => {
    expect(
      await restrictedPathMessages(
        'server/app.ts',
        "import { APP_VERSION } from '../common/version';\nexport const x = APP_VERSION;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedPathMessages(
        'client/app/app.tsx',
        "import { APP_VERSION } from '../../common/version';\nexport const x = APP_VERSION;\n",
      ),
    ).toEqual([]);
  });

  it('refuses the BigCommerce client -> the sandbox and the sandbox -> the client', async () => {
    expect(
      await restrictedPathMessages(
        'server/integrations/bigcommerce/setup.ts',
        "import { createSandbox } from '../../sandbox';\nexport const x = createSandbox;\n",
      ),
    ).toEqual([
      'Unexpected path "../../sandbox" imported in restricted zone. The BigCommerce client must not import the sandbox (STYLE.md §4).',
    ]);
    expect(
      await restrictedPathMessages(
        'server/sandbox/control.ts',
        "import { isValidStoreHash } from '../integrations/bigcommerce/store-hash';\nexport const x = isValidStoreHash;\n",
      ),
    ).toEqual([
      'Unexpected path "../integrations/bigcommerce/store-hash" imported in restricted zone. The sandbox must not import the BigCommerce client (STYLE.md §4).',
    ]);
    // The root rule still holds in those folders.
    expect(
      await restrictedPathMessages(
        'server/sandbox/control.ts',
        "import { APP } from '../../client/app/app';\nexport const x = APP;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets tests run the client against the sandbox', async () => {
    expect(
      await restrictedPathMessages(
        'server/integrations/bigcommerce/client-sandbox.int.test.ts',
        "import { startSandboxServer } from '../../sandbox/test-server';\nexport const x = startSandboxServer;\n",
      ),
    ).toEqual([]);
  });

  it('refuses auth -> any other feature (every feature builds on auth)', async () => {
    expect(
      await restrictedPathMessages(
        'server/features/auth/auth.ts',
        "import { adminRoutes } from '../admin-users/admin-users.routes';\nexport const x = adminRoutes;\n",
      ),
    ).toEqual([
      'Unexpected path "../admin-users/admin-users.routes" imported in restricted zone. auth must not import another feature: every feature builds on auth (shared parts live in auth/ or server/audit/).',
    ]);
  });

  const SERVER_FEATURE_TO_FEATURE =
    'A server feature imports no other feature but auth/ and jobs/: what two features share belongs in the platform (server/*, server/db, server/jobs, …).';

  it('refuses a server feature -> another feature, and allows auth/ and jobs/', async () => {
    expect(
      await restrictedPathMessages(
        'server/features/dump-product/dump-product.service.ts',
        "import { createStoreRepository } from '../stores/repository';\nexport const x = createStoreRepository;\n",
      ),
    ).toEqual([
      `Unexpected path "../stores/repository" imported in restricted zone. ${SERVER_FEATURE_TO_FEATURE}`,
    ]);
    expect(
      await restrictedPathMessages(
        'server/features/bulk-edit/bulk-edit.routes.ts',
        "import { requireUser } from '../auth/session';\nimport { jobOwner } from '../jobs/job-owner';\nexport const x = [requireUser, jobOwner];\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedPathMessages(
        'server/features/jobs/jobs.routes.ts',
        "import { bulkEditJobKinds } from '../bulk-edit/bulk-edit.job';\nexport const x = bulkEditJobKinds;\n",
      ),
    ).toEqual([
      `Unexpected path "../bulk-edit/bulk-edit.job" imported in restricted zone. ${SERVER_FEATURE_TO_FEATURE}`,
    ]);
  });

  it('refuses the platform -> a feature (features register with the platform)', async () => {
    expect(
      await restrictedPathMessages(
        'server/jobs/job-queue.ts',
        "import { bulkEditJobKinds } from '../features/bulk-edit/bulk-edit.job';\nexport const x = bulkEditJobKinds;\n",
      ),
    ).toEqual([
      'Unexpected path "../features/bulk-edit/bulk-edit.job" imported in restricted zone. server/jobs/ is platform: it must not import server/features/ (features register with it).',
    ]);
  });

  const JOB_PLATFORM_CONTRACTS =
    'The job platform imports no feature’s contract (common/contracts/<feature>.ts), only common/contracts/jobs.ts.';

  it('refuses the job platform -> a feature contract, and allows common/contracts/jobs.ts', async () => {
    const importing = (filePath: string, from: string) =>
      restrictedPathMessages(filePath, `import * as contract from '${from}';\nexport const x = contract;\n`);
    const refused = (from: string) => [
      `Unexpected path "${from}" imported in restricted zone. ${JOB_PLATFORM_CONTRACTS}`,
    ];
    const bulkEdit = '../../common/contracts/bulk-edit';
    expect(await importing('server/jobs/job-store.ts', bulkEdit)).toEqual(refused(bulkEdit));
    expect(await importing('server/jobs/job-store.ts', '../../common/contracts/jobs')).toEqual([]);
    const storeHistory = '../../../common/contracts/store-history';
    expect(await importing('server/features/jobs/start-job.ts', storeHistory)).toEqual(refused(storeHistory));
  });

  const FEATURE_TO_APP =
    'A feature must not import the shell (client/app/): what they share lives in client/components/ or client/lib/.';
  const FEATURE_TO_FEATURE =
    'A feature must not import another feature: what two features share lives in client/components/ or client/lib/.';
  const COMPONENTS_UP =
    'client/components/ must not import client/features/ or client/app/ (app -> features -> components -> lib).';
  const LIB_UP =
    'client/lib/ must not import client/components/, client/features/ or client/app/ (app -> features -> components -> lib).';

  it('refuses a client feature -> the shell (client/app/)', async () => {
    expect(
      await restrictedPathMessages(
        'client/features/auth/login-page.tsx',
        "import { App } from '../../app/app';\nexport const x = App;\n",
      ),
    ).toEqual([`Unexpected path "../../app/app" imported in restricted zone. ${FEATURE_TO_APP}`]);
  });

  it('refuses a client feature -> another feature, and lets it import its own files', async () => {
    expect(
      await restrictedPathMessages(
        'client/features/dump-product/dump-product-screen.tsx',
        "import { maskToken } from '../stores/store-rules';\nexport const x = maskToken;\n",
      ),
    ).toEqual([`Unexpected path "../stores/store-rules" imported in restricted zone. ${FEATURE_TO_FEATURE}`]);
    expect(
      await restrictedPathMessages(
        'client/features/stores/store-manager-screen.tsx',
        "import { maskToken } from './store-rules';\nexport const x = maskToken;\n",
      ),
    ).toEqual([]);
  });

  it('refuses client components -> features and components -> the shell', async () => {
    expect(
      await restrictedPathMessages(
        'client/components/form-field.tsx',
        "import { maskToken } from '../features/stores/store-rules';\nexport const x = maskToken;\n",
      ),
    ).toEqual([
      `Unexpected path "../features/stores/store-rules" imported in restricted zone. ${COMPONENTS_UP}`,
    ]);
    expect(
      await restrictedPathMessages(
        'client/components/store-picker/store-picker.tsx',
        "import { App } from '../../app/app';\nexport const x = App;\n",
      ),
    ).toEqual([`Unexpected path "../../app/app" imported in restricted zone. ${COMPONENTS_UP}`]);
  });

  it('refuses client lib -> components, features and the shell', async () => {
    const cases: Array<[string, string]> = [
      ['../components/icons', 'MenuIcon'],
      ['../features/stores/store-rules', 'maskToken'],
      ['../app/app', 'App'],
    ];
    for (const [path, name] of cases) {
      expect(
        await restrictedPathMessages(
          'client/lib/routes.ts',
          `import { ${name} } from '${path}';\nexport const x = ${name};\n`,
        ),
      ).toEqual([`Unexpected path "${path}" imported in restricted zone. ${LIB_UP}`]);
    }
  });

  it('allows app -> features -> components -> lib', async () => {
    const allowed: Array<[string, string]> = [
      ['client/app/root.tsx', "import { LoginPage } from '../features/auth/login-page';"],
      ['client/features/auth/login-page.tsx', "import { TextField } from '../../components/form-field';"],
      ['client/features/auth/login-page.tsx', "import { AUTH_PATHS } from '../../lib/routes';"],
      ['client/components/form-field.tsx', "import { AUTH_PATHS } from '../lib/routes';"],
      ['client/lib/session.ts', "import { AUTH_PATHS } from './routes';"],
    ];
    for (const [file, line] of allowed) {
      const name = /import \{ (\w+) \}/.exec(line)?.[1] ?? '';
      expect(await restrictedPathMessages(file, `${line}\nexport const x = ${name};\n`), file).toEqual([]);
    }
  });
});

// Routes fail only through AppError (STYLE.md §3, issue 30): the rule on server/features/**/*.routes.ts fires.
describe('route errors', { timeout: 300_000 }, () => {
  const ROUTES_THROW_APP_ERROR =
    'Routes throw only AppError (server/errors.ts): a plain Error reaches the user as a generic 500.';

  async function restrictedSyntaxMessages(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it('refuses a route that throws anything but AppError', async () => {
    expect(
      await restrictedSyntaxMessages(
        'server/features/dump-product/dump-product.routes.ts',
        "export function refuse(): never {\n  throw new Error('x');\n}\n",
      ),
    ).toEqual([ROUTES_THROW_APP_ERROR]);
    expect(
      await restrictedSyntaxMessages(
        'server/tool-route.ts',
        "export function refuse(): never {\n  throw new TypeError('x');\n}\n",
      ),
    ).toEqual([ROUTES_THROW_APP_ERROR]);
  });

  it('allows AppError in a route, and other errors outside the routes', async () => {
    expect(
      await restrictedSyntaxMessages(
        'server/features/dump-product/dump-product.routes.ts',
        "import { ERROR_CODES } from '../../../common/errors';\nimport { AppError } from '../../errors';\n" +
          "export function refuse(): never {\n  throw new AppError(ERROR_CODES.internal, 'x');\n}\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedSyntaxMessages(
        'server/features/dump-product/dump-product.service.ts',
        "export function refuse(): never {\n  throw new Error('x');\n}\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle (import-x/no-cycle)', async () => {
    // common/contracts/stores.ts imports common/stores/access-token.ts: importing it back closes a cycle.
    const [result] = await eslint.lintText(
      "import { USER_STORES_PATH } from '../contracts/stores';\nexport const x = USER_STORES_PATH;\n",
      { filePath: 'common/stores/access-token.ts' },
    );
    expect((result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
  });

  it('refuses a module mock in a test file (its workers keep modules loaded between files)', async () => {
    const [result] = await eslint.lintText(
      "import { vi } from 'vitest';\nvi.mock('node:fs');\nvi.stubGlobal('fetch', () => null);\n",
      { filePath: 'server/env.test.ts' },
    );
    expect(
      (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties').map((m) => m.message),
    ).toEqual([
      "'vi.mock' is restricted from being used. Module mocks leak between test files (isolate: false): pass the fake in as an argument.",
    ]);
  });
});
