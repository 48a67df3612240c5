import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { MAX_JSON_DEPTH } from './http';
import { readJsonStream, type JsonStreamOptions } from './json-stream';

/** A POST whose body arrives in chunks of `size` bytes (no Content-Length, as a streamed upload). */
function chunked(text: string, size: number): Request {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

/** The body as read, its streamed arrays put back from their elements (each parsed from its own JSON too). */
async function read(text: string, size: number, streamed = ['pages']) {
  const arrays = new Map<string, unknown[]>();
  const options: JsonStreamOptions = {
    maxBytes: 1024 * 1024,
    streamed,
    onArrayStart: (key) => arrays.set(key, []),
    onElement: (key, index, value, json) => {
      expect(JSON.parse(json.toString('utf8'))).toEqual(value);
      arrays.get(key)![index] = value;
    },
  };
  const answer = await readJsonStream(chunked(text, size), options);
  const value = answer.value as Record<string, unknown>;
  for (const [key, length] of answer.lengths) {
    expect(arrays.get(key)).toHaveLength(length);
    value[key] = arrays.get(key);
  }
  return value;
}

async function refusal(text: string, options: Partial<JsonStreamOptions> = {}, size = 7) {
  const error = await readJsonStream(chunked(text, size), {
    maxBytes: 1024 * 1024,
    streamed: ['pages'],
    ...options,
  })
    .then(() => undefined)
    .catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  const { code, status, message } = error as AppError;
  return { code, status, message };
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('readJsonStream', () => {
  const bodies = [
    '{}',
    ' { "store" : {"storeHash":"abc","n":[1,2,{"x":"a}]\\"b"}]} , "pages" : [] } ',
    '{"pages":[{"a":1},2,"three",null,true,[4,[5]],{"s":"\\u00e9 \\"quoted\\" ]}"}],"after":-1.5e3}',
    '{"pages":"not a list","other":[1,2]}',
    '{"pages":[1],"pages":[2,3]}',
    '{"pages":[1],"pages":null}',
    '{"name":"Giày da – đen 🥾","pages":[{"label":"Đỏ"}]}',
    '{"__proto__":{"polluted":true},"pages":[]}',
  ];

  it('reads every body as JSON.parse does, whatever the chunks', async () => {
    for (const text of bodies) {
      for (const size of [1, 2, 3, 5, 64, 4096]) {
        const value = await read(text, size);
        expect(value, `${text} in chunks of ${size}`).toEqual(JSON.parse(text));
        expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads an empty body as {} and a body that is not an object whole', async () => {
    expect(await read('', 4)).toEqual({});
    expect(await read('  \n', 4)).toEqual({});
    expect((await readJsonStream(chunked('[1,{"a":2}]', 3), { maxBytes: 100 })).value).toEqual([1, { a: 2 }]);
    expect((await readJsonStream(chunked('"text"', 3), { maxBytes: 100 })).value).toBe('text');
    expect(await read('\uFEFF{"a":1}', 2)).toEqual({ a: 1 });
  });

  it('refuses malformed JSON with 400 malformed_json', async () => {
    for (const text of [
      '{"store":',
      '{"a" 1}',
      '{"a":1,}',
      '{"a":}',
      '{"pages":[1,]}',
      '{"pages":[1 2]}',
      '{"pages":[{"a":1]}',
      '{"a":1} x',
      '{"a":tru}',
      '{a:1}',
      '[1,',
      '{"a":"\u0001"}',
    ]) {
      const refused = await refusal(text);
      expect(refused.code, text).toBe('malformed_json');
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/^The request body is not valid JSON: /);
    }
  });

  it('refuses a NUL in any key or string, and nesting deeper than the guard allows', async () => {
    for (const text of [
      '{"a\\u0000":1}',
      '{"store":{"x":"a\\u0000"}}',
      '{"pages":[{"x":["\\u0000"]}]}',
      '[{"\\u0000":1}]',
    ]) {
      expect(await refusal(text), text).toMatchObject({ code: 'invalid_text', status: 400 });
    }
    // The top-level object is level 1: a value inside may nest MAX_JSON_DEPTH - 1 levels, an element one less.
    expect(await read(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`, 16)).toEqual(
      JSON.parse(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`),
    );
    expect(await read(`{"pages":[${nested(MAX_JSON_DEPTH - 2)}]}`, 16)).toBeDefined();
    for (const text of [
      `{"a":${nested(MAX_JSON_DEPTH)}}`,
      `{"pages":[${nested(MAX_JSON_DEPTH - 1)}]}`,
      nested(MAX_JSON_DEPTH + 1),
      `{"a":${nested(5000)}}`,
    ]) {
      expect(await refusal(text, {}, 64), text.slice(0, 20)).toMatchObject({
        code: 'json_too_deep',
        status: 400,
      });
    }
    // Malformed JSON is said first, as the guard parses before it walks.
    expect(await refusal('{"a":"\\u0000","b":}')).toMatchObject({ code: 'malformed_json' });
  });

  it('hands no element over once the body is known to be refused', async () => {
    const seen: unknown[] = [];
    const refused = await refusal('{"pages":[1,"\\u0000",3]}', {
      onElement: (_key, _index, value) => seen.push(value),
    });
    expect(refused.code).toBe('invalid_text');
    expect(seen).toEqual([1]);
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const text = JSON.stringify({ pages: ['x'.repeat(2000)] });
    expect(await refusal(text, { maxBytes: 1024 }, 100)).toEqual({
      code: 'payload_too_large',
      status: 413,
      message: 'The request body is larger than 0 MB',
    });
    const declared = new Request('http://x/', {
      method: 'POST',
      body: text,
      headers: { 'content-length': String(text.length) },
    });
    const read = await readJsonStream(declared, { maxBytes: 2 * 1024 * 1024 - 1, streamed: [] });
    expect(read.value).toEqual(JSON.parse(text));
    const over = await readJsonStream(
      new Request('http://x/', { method: 'POST', body: 'x'.repeat(3 * 1024 * 1024) }),
      { maxBytes: 2 * 1024 * 1024 },
    ).catch((caught: unknown) => caught);
    expect(over).toMatchObject({
      code: 'payload_too_large',
      message: 'The request body is larger than 2 MB',
    });
  });
});
