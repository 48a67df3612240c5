// The one-direction import rule (STYLE.md §1): client/ and server/ never import each other; common/ imports neither.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restrictedPathMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('import boundaries', { timeout: 60_000 }, () => {
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

  it('refuses auth -> admin (admin builds on auth)', async () => {
    expect(
      await restrictedPathMessages(
        'server/features/auth/auth.ts',
        "import { adminRoutes } from '../admin/admin.routes';\nexport const x = adminRoutes;\n",
      ),
    ).toEqual([
      'Unexpected path "../admin/admin.routes" imported in restricted zone. auth must not import admin: admin builds on auth (shared parts live in auth/ or server/audit/).',
    ]);
  });
});
