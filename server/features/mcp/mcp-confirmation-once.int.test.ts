// A confirmation writes once (issue 41, point 9): its use is recorded in the database when the write starts, so the
// same confirmation again, still within its 10 minutes, answers the first result even after 20 newer dumps pushed the
// kept result out, and writes nothing more (one `agent.write` in the audit log).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_STORES_PATH, demoStoresResponseSchema } from '../../../common/contracts/demo-stores';
import type { ImportProductResult } from '../../../common/contracts/import-product';
import { MAX_AGENT_DUMPS_PER_USER } from '../../agent-tools/agent-dumps';
import { agentConfirmation, agentDump, auditLog } from '../../db/schema';
import { type TestClient, useUsersTestServer } from '../../test/accounts';
import { testDatabaseKinds } from '../../test/harness';
import { callTool, connectTestAgent } from './mcp-test-agent';

describe.each(testDatabaseKinds())('a confirmation used twice on %s', (kind) => {
  const { app, newUser } = useUsersTestServer(kind, 'mcp-once');
  let user: TestClient;
  let userId: string;
  let demo: string;

  beforeEach(async () => {
    const made = await newUser();
    user = made.client;
    userId = made.id;
    const { stores } = demoStoresResponseSchema.parse(await (await user.post(DEMO_STORES_PATH)).json());
    demo = stores.find((one) => one.storeHash.startsWith('sandbox-demo-'))!.storeHash;
  });

  const agentWrites = async () =>
    (await app.server.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.write'))).filter(
      (entry) => entry.actorId === userId,
    );

  it('answers the first import’s result after newer dumps pushed the kept one out, and imports once', async () => {
    const agent = await connectTestAgent(app.server.url, user, 'write');
    try {
      const dumped = await callTool(agent, 'dump_product', { storeId: demo, searchValue: 77 });
      const uri = (dumped.structuredContent as { fullDump: { uri: string } }).fullDump.uri;
      const read = await agent.readResource({ uri });
      const dump = JSON.parse((read.contents[0] as { text: string }).text) as Record<string, unknown>;
      // The dump itself (a uri would expire with the dumps), back into its own store: the plan is "update", and stays
      // so after the write, as in the issue.
      const args = { targetStoreId: demo, dump, onExistingSku: 'update' };
      const previewed = await callTool(agent, 'import_product', args);
      const { confirmation } = previewed.structuredContent as { confirmation: string };
      const written = await callTool(agent, 'import_product', { ...args, confirmation });
      expect(written.isError, JSON.stringify(written.structuredContent)).toBeUndefined();
      const { result } = written.structuredContent as { result: ImportProductResult };
      expect(result).toMatchObject({ action: 'updated', productId: 77 });
      const [record] = await app.server.database.db
        .select()
        .from(agentConfirmation)
        .where(eq(agentConfirmation.userId, userId));
      expect(record).toMatchObject({ tool: 'import_product', answer: { result } });

      // Newer dumps push every earlier one out (the kept result among them).
      for (let index = 0; index < MAX_AGENT_DUMPS_PER_USER; index++) {
        const answer = await callTool(agent, 'dump_product', { storeId: demo, searchValue: 77 + index + 1 });
        expect(answer.isError).toBeUndefined();
      }
      const kept = await app.server.database.db.select().from(agentDump).where(eq(agentDump.userId, userId));
      expect(kept).toHaveLength(MAX_AGENT_DUMPS_PER_USER);
      expect(kept.some((dump) => dump.tool === 'import_product')).toBe(false);

      const again = await callTool(agent, 'import_product', { ...args, confirmation });
      expect(again.structuredContent).toEqual({ result });
      expect(await agentWrites()).toHaveLength(1);
    } finally {
      await agent.close();
    }
  });
});
