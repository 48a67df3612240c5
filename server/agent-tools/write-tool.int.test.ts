// The write-tool builder (issue 42) on both databases, with a fake feature counting what it reads and writes: for a
// tool answering `{result}` and one answering `{job}`, a token writes once (twice in a row, or two calls at once), a
// token of another tool, user, arguments or past its 10 minutes is refused before anything is read, a store changed
// since the preview is not written, the same token after the store changed answers the first write, and a failed
// write leaves the token usable (a result) or no job (a job).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../common/errors';
import type { AuditRecord } from '../audit/audit-log';
import { job, user } from '../db/schema';
import { createJobStore, type JobStore } from '../jobs/job-store';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/harness';
import { createTokenCipher } from '../token-cipher';
import { createAgentDumpStore } from './agent-dumps';
import type { AgentTool, AgentToolContext } from './agent-tools';
import { CONFIRMATION_TTL_MS } from './confirmation';
import { writeTool } from './write-tool';

type Answer = Record<string, unknown> & { preview?: unknown; confirmation?: string };

describe.each(testDatabaseKinds())('the write-tool builder on %s', (kind) => {
  let database: TestDatabase;
  let jobStore: JobStore;
  const audits: AuditRecord[] = [];
  const counts = { prepare: 0, preview: 0, write: 0 };
  const store = { value: 1, failWrites: 0 };
  const cipher = createTokenCipher(randomBytes(32));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    jobStore = createJobStore(database.db);
    for (const id of ['ann', 'bob']) {
      await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    }
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    Object.assign(counts, { prepare: 0, preview: 0, write: 0 });
    Object.assign(store, { value: 1, failWrites: 0 });
    audits.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  const deps = () => ({
    db: database.db,
    getTokenCipher: () => Promise.resolve(cipher),
    audit: { record: (entry: AuditRecord) => Promise.resolve(void audits.push(entry)) },
  });
  const slowly = () => new Promise((resolve) => setTimeout(resolve, 30));
  const shared = (name: string) => ({
    name,
    title: name,
    description: 'A fake write',
    input: { storeId: z.string(), amount: z.number() },
    confirms: 'the fake write',
    prepare: (args: { storeId: string; amount: number }) => {
      counts.prepare += 1;
      return Promise.resolve(args);
    },
    preview: () => {
      counts.preview += 1;
      return Promise.resolve({ value: store.value });
    },
  });
  const failing = async () => {
    await slowly();
    if (store.failWrites > 0) {
      store.failWrites -= 1;
      throw new Error('the store went away');
    }
  };
  const resultTool = (name: string): AgentTool =>
    writeTool(
      { ...deps(), dumps: createAgentDumpStore(database.db) },
      {
        ...shared(name),
        answers: 'result',
        write: async (args) => {
          counts.write += 1;
          await failing();
          store.value += args.amount;
          return { value: store.value };
        },
        kept: () => ({ name: 'fake.json', description: 'A fake result' }),
        detail: (result) => ({ value: result.value }),
      },
    );
  const jobTool = (name: string): AgentTool =>
    writeTool(
      { ...deps(), jobStore },
      {
        ...shared(name),
        answers: 'job',
        jobKind: 'reset-page-title',
        start: async (jobId, args, _preview, context) => {
          counts.write += 1;
          await failing();
          store.value += args.amount;
          return jobStore.createWithinLimits({
            id: jobId,
            kind: 'reset-page-title',
            owner: `user:${context.userId}`,
            storeHash: `fake-${context.userId}`,
            input: {},
            credentialsSealed: 'sealed',
            now: new Date(),
          });
        },
        detail: (view) => ({ jobId: view.id }),
      },
    );
  const contextOf = (userId: string) =>
    ({ userId, signal: new AbortController().signal }) as unknown as AgentToolContext;
  const call = (tool: AgentTool, args: Record<string, unknown>, userId = 'ann') =>
    tool.run(args, contextOf(userId)) as Promise<Answer>;
  const jobsOf = async (userId: string) =>
    database.db
      .select()
      .from(job)
      .where(eq(job.owner, `user:${userId}`));

  describe.each([
    ['result', resultTool],
    ['job', jobTool],
  ] as const)('answering a %s', (flavour, make) => {
    const args = { storeId: 's1', amount: 2 };
    const preview = async (tool: AgentTool, userId = 'ann') => {
      const answer = await call(tool, args, userId);
      expect(answer.preview).toEqual({ value: store.value });
      return answer.confirmation!;
    };
    const refusal = (code: string): unknown => expect.objectContaining({ code });

    it('writes once for one token, called twice in a row or twice at once, answering the same', async () => {
      const tool = make(`${flavour}_once`);
      const token = await preview(tool);
      const first = await call(tool, { ...args, confirmation: token });
      const again = await call(tool, { ...args, confirmation: token });
      expect(again).toEqual(first);
      expect(counts.write).toBe(1);

      const other = await preview(tool);
      const both = await Promise.all([1, 2].map(() => call(tool, { ...args, confirmation: other })));
      expect(both[1]).toEqual(both[0]);
      expect(both[0]).not.toEqual(first);
      expect(counts.write).toBe(2);
      expect(store.value).toBe(5);
      expect(audits.map((entry) => entry.detail?.tool)).toEqual([tool.name, tool.name]);
      if (flavour === 'job') expect(await jobsOf('ann')).toHaveLength(2);
      await database.db.delete(job);
    });

    it('refuses a token of another tool, user, arguments or one expired, before anything is read', async () => {
      const tool = make(`${flavour}_a`);
      const token = await preview(tool);
      const read = { ...counts };
      await expect(call(make(`${flavour}_b`), { ...args, confirmation: token })).rejects.toEqual(
        refusal(ERROR_CODES.confirmationInvalid),
      );
      await expect(call(tool, { ...args, confirmation: token }, 'bob')).rejects.toEqual(
        refusal(ERROR_CODES.confirmationInvalid),
      );
      await expect(call(tool, { ...args, amount: 3, confirmation: token })).rejects.toEqual(
        refusal(ERROR_CODES.confirmationInvalid),
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + CONFIRMATION_TTL_MS + 1_000);
      await expect(call(tool, { ...args, confirmation: token })).rejects.toEqual(
        refusal(ERROR_CODES.confirmationInvalid),
      );
      vi.useRealTimers();
      expect(counts).toEqual(read);
      expect(store.value).toBe(1);
      expect(audits).toEqual([]);
    });

    it('writes nothing when the store changed since the preview, and answers the first write after', async () => {
      const tool = make(`${flavour}_changed`);
      const stale = await preview(tool);
      store.value = 10;
      await expect(call(tool, { ...args, confirmation: stale })).rejects.toEqual(
        refusal(ERROR_CODES.previewChanged),
      );
      expect(counts.write).toBe(0);

      const token = await preview(tool);
      const first = await call(tool, { ...args, confirmation: token });
      store.value = 100;
      const previews = counts.preview;
      expect(await call(tool, { ...args, confirmation: token })).toEqual(first);
      expect(counts.preview).toBe(previews);
      expect(counts.write).toBe(1);
      await database.db.delete(job);
    });

    it('leaves the token usable after a failed write, and no job', async () => {
      const tool = make(`${flavour}_failing`);
      const token = await preview(tool);
      store.failWrites = 1;
      await expect(call(tool, { ...args, confirmation: token })).rejects.toThrow('the store went away');
      expect(await jobsOf('ann')).toEqual([]);
      expect(audits).toEqual([]);
      const retried = await call(tool, { ...args, confirmation: token });
      expect(retried).toHaveProperty(flavour);
      expect(counts.write).toBe(2);
      expect(store.value).toBe(3);
      await database.db.delete(job);
    });
  });
});
