// `/mcp`'s Origin rule (issue 41, point 7): a browser page of another site is foreign, a DNS-rebinding page whose Host
// agrees with its Origin included; no Origin (a desktop client), the public origin and a loopback address are not.
import { describe, expect, it } from 'vitest';
import { callsIn, envelopeProblem, isForeignOrigin } from './mcp-guards';

const PUBLIC = 'https://tools.example.com';

describe('isForeignOrigin', () => {
  it.each([
    [undefined, 'https://tools.example.com/mcp', false],
    ['https://tools.example.com', 'https://tools.example.com/mcp', false],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/mcp', false],
    ['http://localhost:5173', 'http://localhost:5173/mcp', false],
    ['https://evil.example', 'https://tools.example.com/mcp', true],
    // DNS rebinding: evil.example resolves to this server, so the request names evil.example as its Host too.
    ['http://evil.example:3000', 'http://evil.example:3000/mcp', true],
    ['http://localhost:9999', 'http://127.0.0.1:3000/mcp', true],
    ['null', 'https://tools.example.com/mcp', true],
  ])('Origin %s at %s: foreign %s', (origin, url, foreign) => {
    expect(isForeignOrigin(origin, url, PUBLIC)).toBe(foreign);
  });
});

describe('callsIn and envelopeProblem', () => {
  it('counts every message of a batch, and finds a NUL outside tool arguments only', () => {
    expect(callsIn({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe(1);
    expect(callsIn([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })))).toBe(3);
    expect(callsIn([])).toBe(1);
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'x', arguments: { a: 'b\0' } },
    };
    expect(envelopeProblem(call)).toBeUndefined();
    expect(
      envelopeProblem([call, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'a\0' } }]),
    ).toBe('Text may not contain the NUL character (\\u0000).');
  });
});
