// The video engines' files, served by the app from the installed packages (issue 16: no CDN; a user's network may
// block CDNs and these machines reach none): GET /vendor/ffmpeg/<version>/<core>/<file> for the single-thread core
// (`@ffmpeg/core`) and the multi-thread core (`@ffmpeg/core-mt`). Only the listed files of the installed version are
// served; the path carries the version, so they are cached for a year.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Hono } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorResponse } from './errors';

const require = createRequire(import.meta.url);

const CORES = {
  core: { pkg: '@ffmpeg/core', files: ['ffmpeg-core.js', 'ffmpeg-core.wasm'] },
  'core-mt': {
    pkg: '@ffmpeg/core-mt',
    files: ['ffmpeg-core.js', 'ffmpeg-core.wasm', 'ffmpeg-core.worker.js'],
  },
} as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

type Served = { file: string; size: number; version: string };

/** Where each allowed file is on disk, resolved once; a core that is not installed is simply not served. */
function resolveFiles(): Map<string, Served> {
  const served = new Map<string, Served>();
  for (const [core, { pkg, files }] of Object.entries(CORES)) {
    let root: string;
    let version: string;
    try {
      // The packages export only their entry (dist/umd/ffmpeg-core.js), not package.json: the root is two up.
      const packageRoot = path.resolve(path.dirname(require.resolve(pkg)), '..', '..');
      root = path.join(packageRoot, 'dist', 'esm');
      const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
        version: string;
      };
      version = manifest.version;
    } catch {
      continue;
    }
    for (const name of files) {
      const file = path.join(root, name);
      if (!existsSync(file)) continue;
      served.set(`${version}/${core}/${name}`, { file, size: statSync(file).size, version });
    }
  }
  return served;
}

export function mountVendorFiles(app: Hono): void {
  const served = resolveFiles();
  app.get('/vendor/ffmpeg/:version/:core/:name', (c) => {
    const { version, core, name } = c.req.param();
    const entry = served.get(`${version}/${core}/${name}`);
    if (!entry) return errorResponse(c, ERROR_CODES.notFound, 'Not found');
    const stream = Readable.toWeb(createReadStream(entry.file)) as ReadableStream<Uint8Array>;
    return new Response(stream, {
      headers: {
        'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream',
        'Content-Length': String(entry.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
      },
    });
  });
  app.all('/vendor/*', (c) => errorResponse(c, ERROR_CODES.notFound, 'Not found'));
}
