import type { z } from 'zod';

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

/** The one typed way the client talks to the server: same-origin JSON with the session cookie. */
export async function apiRequest<T>({
  method = 'GET',
  path,
  body,
  schema,
  signal,
}: ApiRequest<T>): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;
  const response = await fetch(path, init);
  const parsed = await readJson(response);
  if (!response.ok) {
    throw new ApiError(response.status, parsed, readErrorText(parsed) ?? `HTTP ${response.status}`);
  }
  return schema.parse(parsed);
}
