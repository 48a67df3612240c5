// A JSON request body read as it arrives (issue 29). The imports take dumps of tens of MB: read whole, a body is held
// several times over (its bytes, its text, the parsed copy, the contract's copy). Here the body's top-level object is
// read key by key; the arrays named in `streamed` are handed to the caller one element at a time (parsed, with its
// JSON bytes, which the caller may keep instead of the objects), every other value is kept whole. The rules of the
// global body guard (server/http.ts) apply: at most `maxBytes` (413 payload_too_large), valid JSON (400
// malformed_json), no NUL in any key or string (invalid_text), at most MAX_JSON_DEPTH levels (json_too_deep), in that
// order of precedence, and the body is read to its end before a failure is answered (an early answer would reset the
// connection of a client still sending).
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { AppError, errorResponse } from './errors';
import { jsonValueProblem, MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from './http';

export type JsonStreamOptions = {
  maxBytes: number;
  /** Top-level keys whose array value goes to `onElement` element by element instead of being kept. */
  streamed?: readonly string[];
  /** A streamed array begins (again, when its key is repeated: the last one counts, as in JSON.parse). */
  onArrayStart?: (key: string) => void;
  /** One element of a streamed array: its value and its JSON. Not called once the body is known to be refused. */
  onElement?: (key: string, index: number, value: unknown, json: Buffer) => void;
};

export type JsonStreamRead = {
  /** The body (an empty body reads as `{}`); when it is an object, without its streamed arrays. */
  value: unknown;
  /** The length of each streamed array the object held. */
  lengths: Map<string, number>;
};

/** The 413 text for a limit: 'The request body is larger than 64 MB'. */
export function bodyLimitMessage(maxBytes: number): string {
  return `The request body is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`;
}

/** Reads `request`'s JSON body under `options`; throws an AppError for a body the guard would refuse. */
export async function readJsonStream(request: Request, options: JsonStreamOptions): Promise<JsonStreamRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !request.headers.has('transfer-encoding') && Number(declared) > options.maxBytes) {
    throw new AppError(ERROR_CODES.payloadTooLarge, bodyLimitMessage(options.maxBytes));
  }
  const scanner = new JsonObjectScanner(options);
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new AppError(ERROR_CODES.payloadTooLarge, bodyLimitMessage(options.maxBytes));
      }
      scanner.push(value);
    }
  }
  return scanner.end();
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const BOM = [0xef, 0xbb, 0xbf];

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

type Problem = { code: typeof ERROR_CODES.invalidText | typeof ERROR_CODES.jsonTooDeep; message: string };

/**
 * One JSON value being read, possibly over several chunks: an object or array (to its matching bracket, strings
 * skipped), a string, or a scalar (to the next delimiter). `feed` answers where it ended in the chunk, or -1 when it
 * took the whole chunk. Brackets are only counted here: JSON.parse of the bytes checks the grammar.
 */
class ValueReader {
  private kind: 'unknown' | 'container' | 'string' | 'scalar' = 'unknown';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private readonly parts: Uint8Array[] = [];
  tooDeep = false;

  constructor(
    /** Containers around the value (the top-level object counts as 1). */
    private readonly level: number,
  ) {}

  feed(chunk: Uint8Array, from: number): number {
    let i = from;
    if (this.kind === 'unknown') {
      const first = chunk[i];
      if (first === OPEN_OBJECT || first === OPEN_ARRAY) this.kind = 'container';
      else if (first === QUOTE) {
        this.kind = 'string';
        this.inString = true;
        i++;
      } else this.kind = 'scalar';
    }
    const end = this.scan(chunk, i);
    this.parts.push(chunk.subarray(from, end < 0 ? chunk.length : end));
    return end;
  }

  private scan(chunk: Uint8Array, from: number): number {
    const length = chunk.length;
    if (this.kind === 'scalar') {
      for (let i = from; i < length; i++) {
        const byte = chunk[i]!;
        if (isSpace(byte) || byte === COMMA || byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) return i;
      }
      return -1;
    }
    for (let i = from; i < length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          if (this.kind === 'string') return i + 1;
        }
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        this.depth++;
        if (this.level + this.depth > MAX_JSON_DEPTH) this.tooDeep = true;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        this.depth--;
        if (this.depth === 0) return i + 1;
      }
    }
    return -1;
  }

  /** The value's JSON (the parts are let go). */
  bytes(): Buffer {
    const bytes = Buffer.concat(this.parts);
    this.parts.length = 0;
    return bytes;
  }
}

type State =
  | 'start'
  | 'key-or-end'
  | 'key'
  | 'colon'
  | 'value'
  | 'comma-or-end'
  | 'element-or-end'
  | 'element'
  | 'element-comma-or-end'
  | 'done'
  | 'other';

class JsonObjectScanner {
  private state: State = 'start';
  private reading: { value: ValueReader; as: 'key' | 'value' | 'element' } | undefined;
  private readonly streamed: ReadonlySet<string>;
  private readonly root: Record<string, unknown> = {};
  private readonly lengths = new Map<string, number>();
  /** Every chunk of a body that is not an object: read whole, as the guard does. */
  private readonly whole: Uint8Array[] = [];
  private key = '';
  /** Bytes of a leading byte order mark seen so far (skipped, as a text decoder does); -1 past the start. */
  private bom = 0;
  private index = 0;
  private malformed: string | undefined;
  private problem: Problem | undefined;

  constructor(private readonly options: JsonStreamOptions) {
    this.streamed = new Set(options.streamed ?? []);
  }

  push(chunk: Uint8Array): void {
    if (this.malformed !== undefined) return;
    if (this.state === 'other') {
      this.whole.push(chunk);
      return;
    }
    let i = 0;
    while (this.bom >= 0 && i < chunk.length) {
      if (this.bom < 3 && chunk[i] === BOM[this.bom]) {
        this.bom++;
        i++;
      } else this.bom = -1;
    }
    while (i < chunk.length && this.malformed === undefined) {
      if (this.reading) {
        const end = this.reading.value.feed(chunk, i);
        if (end < 0) return;
        this.finishValue();
        i = end;
        continue;
      }
      const byte = chunk[i]!;
      if (isSpace(byte)) {
        i++;
        continue;
      }
      switch (this.state) {
        case 'start':
          if (byte === OPEN_OBJECT) {
            this.state = 'key-or-end';
            i++;
          } else {
            this.state = 'other';
            this.whole.push(chunk.subarray(i));
            return;
          }
          break;
        case 'key-or-end':
        case 'key':
          if (byte === CLOSE_OBJECT && this.state === 'key-or-end') {
            this.state = 'done';
            i++;
          } else if (byte === QUOTE) this.reading = { value: new ValueReader(1), as: 'key' };
          else this.unexpected(byte);
          break;
        case 'colon':
          if (byte === COLON) {
            this.state = 'value';
            i++;
          } else this.unexpected(byte);
          break;
        case 'value':
          if (byte === COMMA || byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) this.unexpected(byte);
          else if (byte === OPEN_ARRAY && this.streamed.has(this.key)) {
            this.beginArray();
            i++;
          } else this.reading = { value: new ValueReader(1), as: 'value' };
          break;
        case 'comma-or-end':
          if (byte === COMMA) {
            this.state = 'key';
            i++;
          } else if (byte === CLOSE_OBJECT) {
            this.state = 'done';
            i++;
          } else this.unexpected(byte);
          break;
        case 'element-or-end':
        case 'element':
          if (byte === CLOSE_ARRAY && this.state === 'element-or-end') {
            this.state = 'comma-or-end';
            i++;
          } else if (byte === COMMA || byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) this.unexpected(byte);
          else this.reading = { value: new ValueReader(2), as: 'element' };
          break;
        case 'element-comma-or-end':
          if (byte === COMMA) {
            this.state = 'element';
            i++;
          } else if (byte === CLOSE_ARRAY) {
            this.state = 'comma-or-end';
            i++;
          } else this.unexpected(byte);
          break;
        case 'done':
          this.unexpected(byte);
          break;
      }
    }
  }

  end(): JsonStreamRead {
    if (this.malformed === undefined) {
      if (this.state === 'other') return { value: this.parseWhole(), lengths: this.lengths };
      if (this.state === 'start') return { value: {}, lengths: this.lengths };
      if (this.state !== 'done') this.malformed = 'Unexpected end of JSON input';
    }
    if (this.malformed !== undefined) {
      throw new AppError(ERROR_CODES.malformedJson, `The request body is not valid JSON: ${this.malformed}`);
    }
    if (this.problem) throw new AppError(this.problem.code, this.problem.message);
    return { value: this.root, lengths: this.lengths };
  }

  private parseWhole(): unknown {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.concat(this.whole).toString('utf8'));
    } catch (error) {
      throw new AppError(
        ERROR_CODES.malformedJson,
        `The request body is not valid JSON${error instanceof SyntaxError ? `: ${error.message}` : ''}`,
      );
    }
    this.whole.length = 0;
    const problem = jsonValueProblem(value);
    if (problem === 'nul') throw new AppError(ERROR_CODES.invalidText, NUL_MESSAGE);
    if (problem === 'too-deep') throw new AppError(ERROR_CODES.jsonTooDeep, TOO_DEEP_MESSAGE);
    return value;
  }

  private unexpected(byte: number) {
    this.malformed = `Unexpected character ${JSON.stringify(String.fromCharCode(byte))}`;
  }

  private beginArray() {
    this.index = 0;
    this.lengths.set(this.key, 0);
    delete this.root[this.key];
    this.state = 'element-or-end';
    if (!this.problem) this.options.onArrayStart?.(this.key);
  }

  private finishValue() {
    const reading = this.reading!;
    this.reading = undefined;
    const json = reading.value.bytes();
    let value: unknown;
    try {
      value = JSON.parse(json.toString('utf8'));
    } catch (error) {
      this.malformed = error instanceof SyntaxError ? error.message : 'Unexpected input';
      return;
    }
    if (!this.problem && reading.value.tooDeep) {
      this.problem = { code: ERROR_CODES.jsonTooDeep, message: TOO_DEEP_MESSAGE };
    }
    if (!this.problem && jsonValueProblem(value, { nul: true }) === 'nul') {
      this.problem = { code: ERROR_CODES.invalidText, message: NUL_MESSAGE };
    }
    if (reading.as === 'key') {
      this.key = value as string;
      this.state = 'colon';
    } else if (reading.as === 'value') {
      this.lengths.delete(this.key);
      // Defined, not assigned: a key named __proto__ stays a plain field, as JSON.parse makes it.
      Object.defineProperty(this.root, this.key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.state = 'comma-or-end';
    } else {
      if (!this.problem) this.options.onElement?.(this.key, this.index, value, json);
      this.index++;
      this.lengths.set(this.key, this.index);
      this.state = 'element-comma-or-end';
    }
  }
}

/** The codes of the body guard's refusals (server/http.ts, and the global size limit). */
const GUARD_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.payloadTooLarge,
  ERROR_CODES.malformedJson,
  ERROR_CODES.invalidText,
  ERROR_CODES.jsonTooDeep,
]);

const bodies = new WeakMap<Request, unknown>();

/**
 * Middleware of a route that reads its own body as a stream (the global limit and guard leave it alone: server/app.ts):
 * `read` runs first, and a body the guard would refuse is answered as the guard answers it (`{error, code}`). The
 * route takes what was read with `streamedBodyOf(c)`.
 */
export function streamedBody(read: (request: Request) => Promise<unknown>): MiddlewareHandler {
  return async (c, next) => {
    try {
      bodies.set(c.req.raw, await read(c.req.raw));
    } catch (error) {
      if (error instanceof AppError && GUARD_CODES.has(error.code)) {
        return errorResponse(c, error.code, error.message);
      }
      throw error;
    }
    await next();
  };
}

/** What `streamedBody` read for this request. */
export function streamedBodyOf<T>(c: Context): T {
  return bodies.get(c.req.raw) as T;
}

/**
 * The JSON body of a tool's POST read as a stream, like toolRoute's `readJsonBody`: a body that says it is not JSON
 * and does not parse reads as `{}`, so the contract names what is missing.
 */
export async function readToolJsonStream(
  request: Request,
  options: JsonStreamOptions,
): Promise<JsonStreamRead> {
  try {
    return await readJsonStream(request, options);
  } catch (error) {
    const saysJson = /\bjson\b/i.test(request.headers.get('content-type') ?? '');
    if (saysJson || !(error instanceof AppError) || error.code !== ERROR_CODES.malformedJson) throw error;
    return { value: {}, lengths: new Map() };
  }
}
