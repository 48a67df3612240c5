// Test-only: a loopback front for s3rver that checks presigned (query-string) Signature V4 requests as S3 does.
// s3rver 3.7 checks no V4 signature at all (its authentication middleware says so), so a test on it alone could not
// see the store refuse an upload whose size or type is not the signed one (issue 29). For each presigned request the
// signature is computed again, with the AWS SDK's own presigner and the bucket's keys, from what the request really
// carries (method, path, query, and the values of the headers it names as signed: Content-Length is the size sent),
// and compared: a mismatch answers S3's 403 SignatureDoesNotMatch, an expired address 403 AccessDenied, and nothing
// reaches s3rver. Everything else (the app's own SDK calls, signed in an Authorization header, and a browser's CORS
// preflight, which S3 answers from the bucket's CORS rules without a signature) passes unchanged.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { s3ClientConfig, type S3StorageConfig } from './s3-storage';

/** The query parameters a presigned address carries about its own signature (not part of what it signs). */
const AUTH_PARAMS = new Set([
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Content-Sha256',
]);

export type SignatureGate = {
  /** The address to use as S3_ENDPOINT. */
  endpoint: string;
  /** Presigned requests refused so far, by S3 error code. */
  refused: string[];
  close(): Promise<void>;
};

/** Starts the gate on a free loopback port in front of `upstream` (s3rver's address), checking with `keys`. */
export async function startSignatureGate(
  upstream: string,
  keys: Pick<S3StorageConfig, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  options: { now?: () => number } = {},
): Promise<SignatureGate> {
  const now = options.now ?? Date.now;
  const target = new URL(upstream);
  const client = new S3Client(
    s3ClientConfig({ bucket: 'gate', forcePathStyle: true, endpoint: upstream, ...keys }),
  );
  const presigner = new S3RequestPresigner({ ...client.config });
  const refused: string[] = [];

  /** Why S3 would refuse this presigned request (its error code and message), or null when the signature holds. */
  async function problemOf(req: http.IncomingMessage, url: URL): Promise<[string, string] | null> {
    const q = url.searchParams;
    const signature = q.get('X-Amz-Signature') ?? '';
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(q.get('X-Amz-Date') ?? '');
    const expires = Number(q.get('X-Amz-Expires'));
    const [, , region] = (q.get('X-Amz-Credential') ?? '').split('/');
    if (!date || !Number.isInteger(expires) || !region) {
      return ['AuthorizationQueryParametersError', 'The presigned address is incomplete'];
    }
    const signingDate = new Date(
      Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!),
    );
    if (now() > signingDate.getTime() + expires * 1000) return ['AccessDenied', 'Request has expired'];
    const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) {
      const value = req.headers[name];
      // A signed header the request does not carry cannot match.
      if (value === undefined) {
        return ['SignatureDoesNotMatch', `The signed header ${name} was not sent`];
      }
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const query: Record<string, string> = {};
    for (const [name, value] of q) if (!AUTH_PARAMS.has(name)) query[name] = value;
    const expected = await presigner.presign(
      {
        method: req.method ?? 'GET',
        protocol: url.protocol,
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query,
        headers,
      },
      { signingDate, expiresIn: expires, signingRegion: region, signableHeaders: new Set(signedHeaders) },
    );
    if (expected.query?.['X-Amz-Signature'] !== signature) {
      return [
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      ];
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const forward = () => {
      const upstreamReq = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on('error', () => res.destroy());
      req.pipe(upstreamReq);
    };
    if (!url.searchParams.has('X-Amz-Signature') || req.method === 'OPTIONS') return forward();
    problemOf(req, url).then(
      (problem) => {
        if (!problem) return forward();
        refused.push(problem[0]);
        // The body is read to its end first, so that the caller reads the answer rather than a reset connection.
        req.resume();
        req.on('end', () => {
          res.writeHead(403, { 'Content-Type': 'application/xml' });
          res.end(
            `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem[0]}</Code>` +
              `<Message>${problem[1]}</Message></Error>`,
          );
        });
      },
      () => {
        req.resume();
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    refused,
    close: async () => {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
