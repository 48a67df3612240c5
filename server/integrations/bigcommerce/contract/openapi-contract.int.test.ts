// Contract tests: every request the client sends to the sandbox, and every answer it reads back, checked against
// BigCommerce's official OpenAPI files in `../shared/bigcommerce/openapi/` (beside the checkout in CI and in every
// session). In CI (the environment variable `CI` set, as `.ci/run` and CI services do) a missing folder is a failure
// that says which files are missing: a contract test skipped there would pass unnoticed (issue 29). A copy of the
// project without the folder, outside CI, skips these tests and says so.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBigCommerceClientFactory } from '../client';
import { startSandboxServer, type RunningSandbox } from '../../../sandbox/test-server';
import { CONTRACT_ALLOW_LIST, CONTRACT_SPEC_PATCHES } from './allow-list';
import {
  ContractChecker,
  SPEC_DIR,
  SPEC_FILES,
  specsAvailable,
  type ContractSummary,
  type Finding,
  type Where,
} from './openapi-contract';
import { createRecordingFetch, type RecordedExchange } from './recording-fetch';
import { runContractWorkload } from './workload';

/** Operations the workload must reach; raise it when the workload grows, so coverage cannot drop unnoticed. */
const MIN_OPERATIONS_COVERED = 77;

/** One line per distinct problem (array indexes folded to `*`), with a count and one example exchange. */
function groupFindings(findings: readonly Finding[], where: Where): string[] {
  const groups = new Map<string, { count: number; example: string }>();
  for (const f of findings) {
    if (f.where !== where) continue;
    const key = `[${f.operationId} ${f.status}] ${f.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '(root)'}: ${f.message}`;
    const group = groups.get(key) ?? { count: 0, example: f.exchange };
    group.count++;
    groups.set(key, group);
  }
  return [...groups].map(([key, g]) => `${key} ×${g.count} (e.g. ${g.example})`);
}

const available = specsAvailable();
/** CI services set `CI` (`true`, `1`, a name); `CI=false` or `CI=0` is a developer opting out. */
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());
if (!available && inCi) {
  describe('contract: the official OpenAPI files', () => {
    it('are beside the checkout in CI', () => {
      const missing = SPEC_FILES.filter((file) => !existsSync(path.join(SPEC_DIR, file)));
      expect.fail(
        `CI is set, so the contract tests may not be skipped, but ../shared/bigcommerce/openapi lacks ` +
          `${missing.length} of its ${SPEC_FILES.length} files (${SPEC_DIR}): ${missing.join(', ')}. Put BigCommerce's ` +
          `OpenAPI files there (see ../shared/bigcommerce/API-NOTES.md), or unset CI to skip these tests.`,
      );
    });
  });
} else if (!available) {
  console.warn(`contract tests skipped: ../shared/bigcommerce/openapi not found (${SPEC_DIR})`);
}

describe.skipIf(!available)('contract: client ↔ sandbox against the official OpenAPI files', () => {
  let sb: RunningSandbox;
  let summary: ContractSummary;

  beforeAll(async () => {
    // A quota the workload never reaches: 429s are the fault tests' business, not the contract's.
    sb = await startSandboxServer({ rateLimit: { quota: 100_000, windowMs: 30_000 } });
    const control = await fetch(`${sb.controlUrl}/stores`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ hash: 'sandbox-contract', token: 'contract-token', kind: 'empty' }),
    });
    expect(control.status).toBe(201);

    const recorder = createRecordingFetch();
    const factory = createBigCommerceClientFactory({
      sandboxBaseUrl: sb.baseUrl,
      fetch: recorder.fetch,
      retry: { maxRetries: 0 },
    });
    await runContractWorkload({
      demo: factory.forStore({ storeHash: 'sandbox-demo', accessToken: 'demo-token' }),
      scratch: factory.forStore({ storeHash: 'sandbox-contract', accessToken: 'contract-token' }),
    });

    const checker = await ContractChecker.load(CONTRACT_ALLOW_LIST, CONTRACT_SPEC_PATCHES);
    for (const exchange of recorder.exchanges) checker.check(exchange);
    summary = checker.summary();
    const statuses = new Map<number, number>();
    for (const e of recorder.exchanges) statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1);
    console.log(
      `contract: ${summary.operationsCovered.length} operations covered of ${summary.operationsTotal} in the spec ` +
        `files (responses validated ${summary.responsesValidated}, status only ${summary.responsesStatusOnly}, ` +
        `requests validated ${summary.requestsValidated}); statuses ` +
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
    );
  }, 360_000);

  afterAll(async () => {
    await sb?.close();
  });

  it('routes every exchange to an operation of the spec files', () => {
    expect(summary.unmatched).toEqual([]);
  });

  it('covers at least the expected number of operations', () => {
    expect(summary.operationsTotal).toBeGreaterThanOrEqual(190);
    expect(summary.operationsCovered.length).toBeGreaterThanOrEqual(MIN_OPERATIONS_COVERED);
  });

  it('sends requests the spec accepts', () => {
    expect(groupFindings(summary.findings, 'request')).toEqual([]);
  });

  it('gets answers the spec describes (declared status, body matching its schema)', () => {
    expect(groupFindings(summary.findings, 'response')).toEqual([]);
  });

  it('can fail: flags a wrong body, an undeclared parameter or status, and an unknown path', async () => {
    const probe = await ContractChecker.load(CONTRACT_ALLOW_LIST, CONTRACT_SPEC_PATCHES);
    const base = `${sb.baseUrl}/stores/sandbox-demo`;
    const exchange = (over: Partial<RecordedExchange>): RecordedExchange => ({
      method: 'GET',
      url: `${base}/v3/catalog/products/77`,
      requestHeaders: { accept: 'application/json', 'x-auth-token': 'demo-token' },
      requestBody: undefined,
      status: 200,
      responseContentType: 'application/json',
      responseBody: { data: { id: 77, name: 'Kettle' }, meta: {} },
      ...over,
    });
    probe.check(exchange({ responseBody: { data: { id: 'seventy-seven', name: 'Kettle' }, meta: {} } }));
    probe.check(
      exchange({ url: `${base}/v3/catalog/products?limitt=5`, responseBody: { data: [], meta: {} } }),
    );
    probe.check(
      exchange({
        method: 'PUT',
        requestHeaders: { accept: 'application/json', 'content-type': 'application/json' },
        requestBody: { name: 12 },
      }),
    );
    probe.check(exchange({ status: 418 }));
    probe.check(exchange({ url: `${base}/v3/catalog/nonsense` }));
    const found = probe.summary();
    expect(found.unmatched).toEqual(['GET /v3/catalog/nonsense → 200']);
    expect(found.findings.map((f) => [f.operationId, f.where, f.instancePath, f.keyword])).toEqual([
      ['getProduct', 'response', '/data/id', 'type'],
      ['getProducts', 'request', '/query', 'additionalProperties'],
      ['updateProduct', 'request', '/requestBody/name', 'type'],
      ['getProduct', 'response', '', 'status'],
    ]);
  });

  it('uses every allow-list entry (a stale entry would hide nothing and mislead)', () => {
    const unused = summary.allowed.filter((a) => a.count === 0).map((a) => a.entry.reason);
    expect(unused).toEqual([]);
    const idle = summary.patches.filter((p) => p.changed === 0).map((p) => p.patch.reason);
    expect(idle).toEqual([]);
  });
});
