// A `fetch` wrapper for the contract tests: hands the request to the real fetch and keeps a copy of what went out
// (method, URL, headers, JSON body) and what came back (status, JSON body). The client's factory accepts it as its
// `fetch`, so every exchange the client makes is recorded exactly as sent and received.

export type RecordedExchange = {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** The parsed JSON request body; undefined when none was sent. */
  requestBody: unknown;
  status: number;
  responseContentType: string | null;
  /** The parsed JSON response body; undefined for an empty body, the raw text when it is not JSON. */
  responseBody: unknown;
};

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createRecordingFetch(inner: typeof fetch = (input, init) => fetch(input, init)) {
  const exchanges: RecordedExchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const requestHeaders = Object.fromEntries(new Headers(init?.headers).entries());
    const requestBody = typeof init?.body === 'string' ? parseJson(init.body) : undefined;
    const response = await inner(input, init);
    // Read a copy, so the client still reads (and may fail on) the original body itself.
    const text = await response.clone().text();
    exchanges.push({
      method,
      url,
      requestHeaders,
      requestBody,
      status: response.status,
      responseContentType: response.headers.get('content-type'),
      responseBody: parseJson(text),
    });
    return response;
  };
  return { fetch: recordingFetch, exchanges };
}
