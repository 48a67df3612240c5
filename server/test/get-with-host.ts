// A GET from this machine with the Host header given (fetch always sends the URL's own): how a page on another site
// reaches a loopback server by DNS rebinding (issue 26, point 9). Test-only.
import http from 'node:http';

export function getWithHost(
  url: string,
  path: string,
  host: string,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path, method: 'GET', headers: { host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
