import { z } from 'zod';

/** A non-2xx answer; `body` is the parsed JSON when there was one (the spec's `{error}` / `{success:false,error}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Validates the 2xx body; the wire shapes live in common/contracts. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Picks the error text out of a spec error body (`{error}` or `{message}`), if any. */
export function readErrorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'message'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A same-origin request with the session cookie; the body, when there is one, as JSON. */
function requestInit(
  method: string,
  accept: string,
  body: unknown,
  signal: AbortSignal | undefined,
): RequestInit {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: accept,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  return init;
}

function apiErrorOf(status: number, parsed: unknown): ApiError {
  return new ApiError(status, parsed, readErrorText(parsed) ?? `HTTP ${status}`);
}

/** The one typed way the client talks to the server: same-origin JSON with the session cookie. */
export async function apiRequest<T>({
  method = 'GET',
  path,
  body,
  schema,
  signal,
}: ApiRequest<T>): Promise<T> {
  const response = await fetch(path, requestInit(method, 'application/json', body, signal));
  const parsed = await readJson(response);
  if (!response.ok) throw apiErrorOf(response.status, parsed);
  return schema.parse(parsed);
}

/** `POST path` with a JSON body: apiRequest's most common call. */
export function apiPost<T>(
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  signal?: AbortSignal,
): Promise<T> {
  return apiRequest({ method: 'POST', path, body, schema, ...(signal ? { signal } : {}) });
}

/** `POST path` with a multipart form (a file and its fields): the browser sets the boundary. */
export async function apiPostForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  const parsed = await readJson(response);
  if (!response.ok) throw apiErrorOf(response.status, parsed);
  return schema.parse(parsed);
}

export interface ApiStreamRequest<P, T> extends ApiRequest<T> {
  /** The progress lines; a line that does not match is the final answer, checked with `schema`. */
  progressSchema: z.ZodType<P>;
  onProgress: (progress: P) => void;
}

/**
 * A call answered as NDJSON (`Accept: application/x-ndjson`): progress lines as they arrive, then one last line
 * that is the plain answer. A non-2xx answer is plain JSON and throws ApiError, as in apiRequest.
 */
export async function apiStream<P, T>({
  method = 'POST',
  path,
  body,
  schema,
  signal,
  progressSchema,
  onProgress,
}: ApiStreamRequest<P, T>): Promise<T> {
  const response = await fetch(path, requestInit(method, 'application/x-ndjson', body, signal));
  if (!response.ok || !response.body) throw apiErrorOf(response.status, await readJson(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let last: unknown;
  const take = (line: string) => {
    if (line.trim() === '') return;
    const value = JSON.parse(line) as unknown;
    const progress = progressSchema.safeParse(value);
    if (progress.success) onProgress(progress.data);
    else last = value;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffered);
  // No final line: the connection closed mid-way (shown as a connection error, like a failed fetch).
  if (last === undefined) throw new TypeError('the connection closed before the answer arrived');
  return schema.parse(last);
}

/** The last line of a stream that failed after its 200: the spec's `{success: false, error, code}`. */
const streamedFailureSchema = z.object({ error: z.string(), code: z.string().optional() });

/**
 * apiStream for a call whose failure may come after the stream began, as a last line `{error}` instead of the
 * answer: that line is thrown as an ApiError carrying the server's words, as a refused request (non-2xx) is. A last
 * line that is neither the answer (`schema`) nor such a failure throws the ZodError.
 */
export async function apiStreamResult<P, T>(request: ApiStreamRequest<P, T>): Promise<T> {
  const last = await apiStream({
    ...request,
    schema: z.union([
      request.schema.transform((answer) => ({ answer })),
      streamedFailureSchema.transform((failure) => ({ failure })),
    ]),
  });
  if ('failure' in last) throw new ApiError(200, last.failure, last.failure.error);
  return last.answer;
}
