// The whole dumps kept for AI agents (issue 33) on both databases: read back by their owner only, while they live;
// at most MAX_AGENT_DUMPS_PER_USER a user (the oldest dropped), none over MAX_AGENT_DUMP_BYTES, expired rows deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDump, user } from '../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/harness';
import {
  AGENT_DUMP_TTL_MS,
  createAgentDumpStore,
  MAX_AGENT_DUMP_BYTES,
  MAX_AGENT_DUMPS_PER_USER,
  type AgentDumpLink,
  type AgentDumpStore,
} from './agent-dumps';

describe.each(testDatabaseKinds())('agent dumps on %s', (kind) => {
  let database: TestDatabase;
  let dumps: AgentDumpStore;
  const t0 = new Date('2026-03-01T10:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const dump = (n: number) => ({
    tool: 'dump_widgets',
    name: `bc-widgets-dump-${n}.json`,
    description: `Dump ${n}`,
    data: { n, text: 'é'.repeat(n) },
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dumps = createAgentDumpStore(database.db);
    for (const id of ['ann', 'bob', 'cy']) {
      await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    }
  });
  afterAll(() => database.dispose());

  it('reads a dump back for its owner until it expires, never for another user', async () => {
    const link = (await dumps.keep('ann', dump(3), t0)) as AgentDumpLink;
    expect(link.uri).toMatch(/^bct:\/\/dumps\/[A-Za-z0-9_-]{22}$/);
    expect(link).toEqual({
      uri: link.uri,
      name: 'bc-widgets-dump-3.json',
      description: 'Dump 3',
      mimeType: 'application/json',
      bytes: Buffer.byteLength(JSON.stringify({ n: 3, text: 'ééé' })),
      expiresAt: at(AGENT_DUMP_TTL_MS).toISOString(),
    });
    const read = await dumps.read('ann', link.uri, at(AGENT_DUMP_TTL_MS - 1));
    expect(JSON.parse(read!.text)).toEqual({ n: 3, text: 'ééé' });
    expect(read).toMatchObject({ uri: link.uri, name: link.name });
    expect(await dumps.read('bob', link.uri, t0)).toBeUndefined();
    expect(await dumps.read('ann', link.uri, at(AGENT_DUMP_TTL_MS))).toBeUndefined();
    for (const uri of ['bct://dumps/', 'bct://dumps/x', `${link.uri}x`, link.uri.replace('bct', 'http')]) {
      expect(await dumps.read('ann', uri, t0), uri).toBeUndefined();
    }
    expect((await dumps.list('ann', t0)).map((one) => one.uri)).toEqual([link.uri]);
    expect(await dumps.list('bob', t0)).toEqual([]);
  });

  it(`keeps at most ${MAX_AGENT_DUMPS_PER_USER} a user, dropping the oldest, and deletes expired rows`, async () => {
    const links: AgentDumpLink[] = [];
    for (let n = 0; n <= MAX_AGENT_DUMPS_PER_USER; n++) {
      links.push((await dumps.keep('bob', dump(n), at(n * 1000))) as AgentDumpLink);
    }
    const listed = await dumps.list('bob', at(30_000));
    expect(listed.map((one) => one.name)).toEqual(
      links
        .slice(1)
        .reverse()
        .map((one) => one.name),
    );
    expect(await dumps.read('bob', links[0]!.uri, at(30_000))).toBeUndefined();
    expect(await dumps.read('bob', links[1]!.uri, at(30_000))).toBeDefined();

    // Keeping one after everything expired deletes the expired rows of every user.
    await dumps.keep('cy', dump(1), at(2 * AGENT_DUMP_TTL_MS));
    const rows = await database.db.select({ userId: agentDump.userId }).from(agentDump);
    expect(rows).toEqual([{ userId: 'cy' }]);
  });

  it('refuses to keep a dump over the size limit, and says why', async () => {
    const huge = {
      tool: 'dump_widgets',
      name: 'big.json',
      description: 'Big',
      data: 'x'.repeat(MAX_AGENT_DUMP_BYTES),
    };
    expect(await dumps.keep('ann', huge, t0)).toEqual({
      uri: null,
      bytes: MAX_AGENT_DUMP_BYTES + 2,
      reason:
        "The whole dump is 10.0 MB, over the 10.0 MB kept for agents: read it a part at a time with the tool's paging, or download it from the tool's screen.",
    });
    expect((await dumps.list('ann', t0)).map((one) => one.name)).not.toContain('big.json');
  });
});
