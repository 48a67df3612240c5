// The agent tools' inputs as agents see them (issue 42): every tool of the list, with its access and its arguments'
// JSON Schema, kept in a file. A refactor of the tools leaves the file as it is; a change of what an agent is offered
// shows in its diff (`vitest -u` writes it again).
import { describe, expect, it } from 'vitest';
import { toolInputJsonSchema } from './agent-tools/agent-tools';
import { agentToolsOf, type AgentToolListDeps } from './agent-tool-list';

// The factories only close over their deps: nothing is called while the list is built.
const stub = new Proxy({}, { get: () => ({}) }) as AgentToolListDeps;

describe('the agent tool list', () => {
  it('offers the same tools with the same inputs', async () => {
    const tools = agentToolsOf(stub)
      .map((tool) => ({
        name: tool.name,
        access: tool.access,
        inputSchema: toolInputJsonSchema(tool),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(tools).toHaveLength(19);
    await expect(`${JSON.stringify(tools, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/agent-tool-inputs.json',
    );
  });
});
