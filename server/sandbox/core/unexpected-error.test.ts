// Issue 9, point 15: an unexpected error inside the sandbox is answered as BigCommerce would (500, its error body)
// and reported through the app's logger (one JSON line), not printed as a multi-line stack on the console.
import { describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../index';

describe('an unexpected sandbox error', () => {
  it('answers 500 in BigCommerce’s format and goes to logError', async () => {
    const logError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sandbox = createSandbox({
      control: false,
      stores: [{ hash: 'sandbox-boom', token: 't', kind: 'empty' }],
      content: {
        createState: () => undefined,
        registerRoutes: (app) => {
          app.get('/stores/:hash/v3/boom', () => {
            throw new Error('a bug');
          });
        },
      },
      logError,
    });
    const res = await sandbox.app.request('/stores/sandbox-boom/v3/boom', {
      headers: { 'X-Auth-Token': 't' },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ status: 500, title: 'Internal Server Error' });
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0]?.[1]).toBe('sandbox: unexpected error');
    expect((logError.mock.calls[0]?.[0] as Error).message).toBe('a bug');
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
