import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  errorFromTransport,
  fieldOfErrorKey,
  readErrorBody,
  redactSecrets,
} from './errors';

const type = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
const get = { method: 'GET', path: '/v3/catalog/products/12' };
const put = { method: 'PUT', path: '/v3/catalog/products' };

describe('errorFromResponse', () => {
  it('401: the token was rejected (plain-text body)', () => {
    const error = errorFromResponse(401, '401 Unauthorized', get);
    expect(error.code).toBe('bc_unauthorized');
    expect(error.status).toBe(401);
    expect(error.title).toBe('401 Unauthorized');
    expect(error.message).toBe(
      'BigCommerce rejected the API token (401). Check that the store hash and the access token are right and that the API account still exists.',
    );
  });

  it('403: names the scope the token lacks', () => {
    const body = {
      status: 403,
      title: "You don't have a required scope to access the endpoint",
      type,
      errors: {},
    };
    const catalogWrite = errorFromResponse(403, body, put);
    expect(catalogWrite.code).toBe('bc_forbidden_scope');
    expect(catalogWrite.title).toBe("You don't have a required scope to access the endpoint");
    expect(catalogWrite.message).toBe(
      'The API token lacks the scope this request needs: give the API account Products (modify) in the BigCommerce control panel (403 on PUT /v3/catalog/products).',
    );
    expect(errorFromResponse(403, body, { method: 'GET', path: '/v3/content/widgets' }).message).toContain(
      'Content (read-only)',
    );
    expect(errorFromResponse(403, body, { method: 'GET', path: '/v2/store' }).message).toContain(
      'Information & Settings (read-only)',
    );
    expect(errorFromResponse(403, body, { method: 'GET', path: '/v3/channels' }).message).toContain(
      'Channel Settings and Channel Listings (read-only)',
    );
  });

  it('403 for a platform or plan limit does not blame a scope', () => {
    const full = errorFromResponse(
      403,
      {
        status: 403,
        title: 'The store has reached the maximum number of widget templates.',
        type,
        errors: {},
      },
      { method: 'POST', path: '/v3/content/widget-templates' },
    );
    expect(full.code).toBe('bc_plan_limit');
    expect(full.message).toBe(
      'BigCommerce refused the request (403 on POST /v3/content/widget-templates): The store has reached the maximum number of widget templates. This is a limit of the store or its plan, not a missing API scope.',
    );
    expect(full.message).not.toContain('lacks the scope');
    // No title to tell: a missing scope is the likely reason, and named.
    expect(errorFromResponse(403, '', put).code).toBe('bc_forbidden_scope');
  });

  it('404: not found', () => {
    const error = errorFromResponse(404, { status: 404, title: 'Not found', type, errors: {} }, get);
    expect(error.code).toBe('bc_not_found');
    expect(error.title).toBe('Not found');
    expect(error.message).toBe(
      'BigCommerce could not find what was asked for (404 on GET /v3/catalog/products/12); it may have been deleted.',
    );
  });

  it('409: names the clashing field from `errors`', () => {
    const body = { status: 409, title: 'Conflict', type, errors: { sku: 'SKU "ABC" is already in use.' } };
    const error = errorFromResponse(409, body, put);
    expect(error.code).toBe('bc_conflict');
    expect(error.field).toBe('sku');
    expect(error.errors).toEqual({ sku: 'SKU "ABC" is already in use.' });
    expect(error.message).toBe(
      'BigCommerce refused the change because the sku clashes with one that already exists: sku: SKU "ABC" is already in use.',
    );
  });

  it('409 in a batch: an item index in the error key is not the field', () => {
    const body = {
      status: 409,
      title: 'The product name is a duplicate',
      type,
      errors: { '0.name': 'taken' },
    };
    expect(errorFromResponse(409, body, put)).toMatchObject({ code: 'bc_conflict', field: 'name' });
    const indexOnly = {
      status: 422,
      title: 'Invalid',
      type,
      errors: { '3': 'bad item', '3.sku': 'too long' },
    };
    expect(errorFromResponse(422, indexOnly, put)).toMatchObject({ code: 'bc_invalid', field: 'sku' });
    expect([
      fieldOfErrorKey('name'),
      fieldOfErrorKey('12.custom_url.url'),
      fieldOfErrorKey('[2].sku'),
    ]).toEqual(['name', 'custom_url.url', 'sku']);
    expect([fieldOfErrorKey('0'), fieldOfErrorKey('[4]')]).toEqual([undefined, undefined]);
  });

  it('409: finds the field in the title when `errors` is empty', () => {
    const error = errorFromResponse(
      409,
      { status: 409, title: 'The product name is a duplicate', type, errors: {} },
      put,
    );
    expect(error.field).toBe('name');
    expect(error.message).toBe(
      'BigCommerce refused the change because the name clashes with one that already exists: The product name is a duplicate.',
    );
    const url = errorFromResponse(409, { status: 409, title: 'custom_url is not unique', type }, put);
    expect(url.field).toBe('custom_url');
  });

  it('422: lists every field error', () => {
    const body = {
      status: 422,
      title: 'Missing Required Fields',
      type,
      errors: { name: 'Please provide a name.', price: 'Please provide a price.' },
    };
    const error = errorFromResponse(422, body, put);
    expect(error.code).toBe('bc_invalid');
    expect(error.field).toBe('name');
    expect(error.message).toBe(
      'BigCommerce rejected the data as invalid: name: Please provide a name.; price: Please provide a price.',
    );
  });

  it('422 without field errors uses the title', () => {
    const body = { status: 422, title: 'image_url must be present if uploading by url', type };
    expect(errorFromResponse(422, body, put).message).toBe(
      'BigCommerce rejected the data as invalid: image_url must be present if uploading by url.',
    );
  });

  it('413: too large', () => {
    const body = {
      errors: {},
      status: 413,
      title: 'The request payload is too large. The maximum items allowed in the array is 10.',
      type,
    };
    const error = errorFromResponse(413, body, put);
    expect(error.code).toBe('bc_too_large');
    expect(error.message).toBe(
      'BigCommerce refused the request as too large: The request payload is too large. The maximum items allowed in the array is 10.',
    );
  });

  it('429: after retries ran out', () => {
    const error = errorFromResponse(429, '', { ...get, retries: 6 });
    expect(error.code).toBe('bc_rate_limited');
    expect(error.retries).toBe(6);
    expect(error.message).toBe(
      "BigCommerce kept refusing requests because the store's API rate limit was reached, and the toolbox gave up after 6 retries. Wait a minute and try again.",
    );
  });

  it('5xx: unavailable; 507: plan limit; 400: bad request; others: generic', () => {
    const unavailable = errorFromResponse(503, '<html>busy</html>', { ...get, retries: 4 });
    expect(unavailable.code).toBe('bc_unavailable');
    expect(unavailable.title).toBeUndefined();
    expect(unavailable.message).toBe(
      'BigCommerce is not answering properly right now (HTTP 503 after 4 retries). Try again in a few minutes.',
    );
    expect(errorFromResponse(507, { title: 'Plan limit reached' }, put).code).toBe('bc_plan_limit');
    const bad = errorFromResponse(
      400,
      { status: 400, title: 'Input is invalid', detail: 'Syntax error', type },
      put,
    );
    expect(bad.code).toBe('bc_bad_request');
    expect(bad.message).toBe('BigCommerce could not read the request: Syntax error.');
    expect(errorFromResponse(418, {}, get).message).toBe(
      'BigCommerce answered HTTP 418 to GET /v3/catalog/products/12.',
    );
  });

  it('toJSON keeps the useful fields', () => {
    const error = errorFromResponse(404, { title: 'Not found', errors: {} }, get);
    expect(error.toJSON()).toMatchObject({
      code: 'bc_not_found',
      status: 404,
      title: 'Not found',
      path: get.path,
    });
  });
});

describe('errorFromTransport', () => {
  it('a dropped POST says it may have been saved', () => {
    const error = errorFromTransport(
      {
        phase: 'unknown',
        timedOut: false,
        cause: { name: 'SocketError', code: 'UND_ERR_SOCKET', message: 'other side closed' },
      },
      { method: 'POST', path: '/v3/catalog/products', mayHaveBeenApplied: true },
    );
    expect(error.code).toBe('bc_network');
    expect(error.mayHaveBeenApplied).toBe(true);
    expect(error.message).toBe(
      'Could not reach BigCommerce: the connection dropped. The change may or may not have been saved: check the store before trying again.',
    );
  });

  it('a refused connection after retries, and a timeout', () => {
    const refused = errorFromTransport(
      {
        phase: 'connect',
        timedOut: false,
        cause: { name: 'Error', code: 'ECONNREFUSED', message: 'refused' },
      },
      { method: 'GET', path: '/v2/store', retries: 4, mayHaveBeenApplied: false },
    );
    expect(refused.message).toBe(
      'Could not reach BigCommerce: the connection could not be opened (after 4 retries).',
    );
    const timeout = errorFromTransport(
      { phase: 'unknown', timedOut: true, cause: { name: 'TimeoutError', message: 'timed out' } },
      { method: 'GET', path: '/v2/store', mayHaveBeenApplied: false },
    );
    expect(timeout.code).toBe('bc_timeout');
    expect(timeout.message).toBe('BigCommerce did not answer in time.');
  });
});

describe('helpers', () => {
  it('readErrorBody copes with odd bodies', () => {
    expect(readErrorBody(undefined)).toEqual({ errors: {} });
    expect(readErrorBody({ title: 'x', errors: { 0: { sku: 'dup' } } })).toEqual({
      title: 'x',
      errors: { 0: '{"sku":"dup"}' },
    });
    expect(readErrorBody('<html>oops</html>')).toEqual({ errors: {} });
  });

  it("readErrorBody reads the variants batch's batch_errors, each refused item by its index", () => {
    expect(
      readErrorBody({
        batch_errors: [
          {
            status: 422,
            title: 'JSON data is missing or invalid',
            errors: { '1.price': 'must be at least 0' },
          },
          { status: 422, title: 'JSON data is missing or invalid', errors: { '3.sku': 'is required' } },
        ],
      }),
    ).toEqual({
      title: 'JSON data is missing or invalid',
      errors: { '1.price': 'must be at least 0', '3.sku': 'is required' },
    });
  });

  it('redactSecrets replaces every occurrence', () => {
    expect(redactSecrets('a tok b tok', ['tok'])).toBe('a [redacted] b [redacted]');
    expect(redactSecrets('nothing', [''])).toBe('nothing');
  });
});
