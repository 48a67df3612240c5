// Issue 9, point 10: an access token with control characters or text outside Latin-1 is refused with 400 before
// any request leaves (it used to be retried five times and end as 502 "Could not reach BigCommerce").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMP_PRODUCT_PATH } from '../../../common/contracts/dump-product';
import { TEST_CONNECTION_PATH } from '../../../common/contracts/stores';
import { ACCESS_TOKEN_INVALID_MESSAGE } from '../../../common/stores/access-token';
import { startTestServer, testDatabaseKinds, type TestServer } from '../../test/harness';
import { DEMO_STORE, demoControl, postJson } from '../../test/store-tools';

const BAD_TOKENS = ['demo-token\r\nX-Evil: 1', 'tökén-ß', 'демо', 'demo token'];
/** A NUL is refused for every string the API takes, before any route (issue 26, point 7). */
const NUL_TOKEN = 'demo\u0000token';

describe.each(testDatabaseKinds())('access tokens that cannot be sent (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  const requestsSeen = async () => {
    const res = await demoControl(server, '/stats');
    return ((await res.json()) as { data: { requests: number } }).data.requests;
  };

  it('are refused with 400 by the connection test and the tools, and nothing reaches the store', async () => {
    await demoControl(server, '/reset', { method: 'POST' });
    for (const accessToken of BAD_TOKENS) {
      const tested = await postJson(server, TEST_CONNECTION_PATH, { storeHash: 'sandbox-demo', accessToken });
      expect(tested.status, JSON.stringify(accessToken)).toBe(400);
      expect(tested.body).toEqual({
        success: false,
        error: ACCESS_TOKEN_INVALID_MESSAGE,
        code: 'invalid_input',
      });
      const dumped = await postJson(server, DUMP_PRODUCT_PATH, {
        storeCredentials: { ...DEMO_STORE, accessToken },
        searchType: 'id',
        searchValue: '77',
      });
      expect(dumped.status).toBe(400);
      expect(dumped.body).toMatchObject({ success: false, error: ACCESS_TOKEN_INVALID_MESSAGE });
    }
    for (const body of [
      { storeHash: 'sandbox-demo', accessToken: NUL_TOKEN },
      { storeCredentials: { ...DEMO_STORE, accessToken: NUL_TOKEN }, searchType: 'id', searchValue: '77' },
    ]) {
      const refused = await postJson(
        server,
        'storeHash' in body ? TEST_CONNECTION_PATH : DUMP_PRODUCT_PATH,
        body,
      );
      expect(refused).toEqual({
        status: 400,
        body: { error: 'Text may not contain the NUL character (\\u0000).', code: 'invalid_text' },
      });
    }
    expect(await requestsSeen()).toBe(0);
    // The right token still works.
    const ok = await postJson(server, TEST_CONNECTION_PATH, {
      storeHash: 'sandbox-demo',
      accessToken: 'demo-token',
    });
    expect(ok.body).toMatchObject({ success: true });
  });
});
