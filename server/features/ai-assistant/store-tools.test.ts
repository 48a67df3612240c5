import type { ToolExecutionOptions } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES } from '../../../common/errors';
import { agentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { AppError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import { createLogger } from '../../logger';
import { bounded, createStoreTools, MAX_TOOL_OUTPUT_CHARS, storeReadTools } from './store-tools';

const calls: { args: unknown; context: AgentToolContext }[] = [];
const storeId = z.string().min(1);
const registry = [
  agentTool({
    name: 'read_thing',
    title: 'Read a thing',
    description: 'Reads a thing of a store.',
    access: 'read',
    input: { storeId, thingId: z.number().int().positive(), limit: z.number().default(10) },
    run: async (args, context) => {
      calls.push({ args, context });
      if (args.thingId === 404) throw new AppError(ERROR_CODES.productNotFound, 'No thing 404 here');
      const credentials = await context.credentials(args.storeId);
      return { thing: args.thingId, limit: args.limit, store: credentials.storeHash };
    },
  }),
  agentTool({
    name: 'write_thing',
    title: 'Write a thing',
    description: 'Writes.',
    access: 'write',
    input: { storeId },
    run: () => Promise.resolve({}),
  }),
  agentTool({
    name: 'job_thing',
    title: 'A job',
    description: 'Takes no store.',
    access: 'read',
    input: { jobId: z.string() },
    run: () => Promise.resolve({}),
  }),
];

const picked = {
  userId: 'user-1',
  credentials: { storeHash: 'abc123', accessToken: 'secret', name: 'My Shop' },
  client: {} as BigCommerceClient,
  signal: new AbortController().signal,
  logger: createLogger('silent'),
};
const options = { toolCallId: 'call-1', messages: [] } as ToolExecutionOptions;

describe('the assistant’s store tools', () => {
  it('are the registry’s read tools that take a store, with storeId left out of their schema', () => {
    expect(storeReadTools(registry).map((tool) => tool.name)).toEqual(['read_thing']);
    const tools = createStoreTools(registry, picked);
    expect(Object.keys(tools)).toEqual(['read_thing']);
    const schema = tools.read_thing!.inputSchema as z.ZodObject;
    expect(Object.keys(schema.shape).sort()).toEqual(['limit', 'thingId']);
    expect(tools.read_thing!.description).toBe('Reads a thing of a store.');
  });

  it('run on the picked store only, and answer failures with the app’s message', async () => {
    const tools = createStoreTools(registry, picked);
    const execute = (args: Record<string, unknown>) =>
      tools.read_thing!.execute!(args, options) as Promise<string>;
    expect(await execute({ thingId: 7 })).toBe('{"thing":7,"limit":10,"store":"abc123"}');
    const { context } = calls.at(-1)!;
    expect(calls.at(-1)!.args).toEqual({ storeId: 'abc123', thingId: 7, limit: 10 });
    expect(context.userId).toBe('user-1');
    expect(await context.stores()).toEqual([{ id: 'abc123', name: 'My Shop', storeHash: 'abc123' }]);
    await expect(context.credentials('another')).rejects.toThrow(
      'Only the store picked in the chat can be read',
    );
    expect(context.client(picked.credentials)).toBe(picked.client);
    expect(context.keepDump).toBeUndefined();

    expect(await execute({ thingId: 404 })).toBe('{"error":"No thing 404 here","code":"product_not_found"}');
    expect(JSON.parse(await execute({ thingId: -1 }))).toMatchObject({ code: ERROR_CODES.invalidInput });
  });

  it('cut a long answer and say so', () => {
    expect(bounded({ a: 1 })).toBe('{"a":1}');
    const long = bounded({ text: 'x'.repeat(MAX_TOOL_OUTPUT_CHARS * 2) });
    expect(long.length).toBeLessThan(MAX_TOOL_OUTPUT_CHARS + 80);
    expect(long).toMatch(/… \(cut: the answer was \d+ characters\)$/);
  });
});
