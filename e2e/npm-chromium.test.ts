// The npm-shipped Chromium's unpacking and where the journeys look for a browser (issue 43). Starting the browser
// itself, with no system one, is scripts/fresh-machine-check.sh's part (CI).
import { mkdtemp, readFile, readlink, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeChromium, findChromium } from './find-chromium';
import { extractTar, npmChromiumDir, userCacheDir } from './npm-chromium';

/** One tar entry: a ustar header and its body padded to 512 bytes. */
function tarEntry(
  name: string,
  options: { body?: string; type?: string; mode?: number; link?: string } = {},
) {
  const body = Buffer.from(options.body ?? '', 'utf8');
  const header = Buffer.alloc(512);
  const put = (offset: number, text: string) => header.write(text, offset, 'utf8');
  put(0, name);
  put(100, `${(options.mode ?? 0o644).toString(8).padStart(7, '0')}\0`);
  put(108, '0000000\0');
  put(116, '0000000\0');
  put(124, `${body.length.toString(8).padStart(11, '0')}\0`);
  put(136, '00000000000\0');
  put(148, '        ');
  put(156, options.type ?? '0');
  put(157, options.link ?? '');
  put(257, 'ustar\0');
  put(263, '00');
  const sum = header.reduce((total, byte) => total + byte, 0);
  put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

/** A pax header naming the next entry's path (how tar writes a name longer than 100 characters). */
function paxPath(name: string) {
  const line = (length: number) => `${length} path=${name}\n`;
  let length = line(0).length;
  while (line(length).length !== length) length = line(length).length;
  return tarEntry('PaxHeader', { type: 'x', body: line(length) });
}

const archive = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);

describe('extractTar', () => {
  const dirs: string[] = [];
  const scratch = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bct-tar-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('unpacks folders, files with their modes, long pax names and symbolic links', async () => {
    const into = await scratch();
    const long = `fonts/${'a'.repeat(120)}.ttf`;
    await extractTar(
      archive(
        tarEntry('lib/', { type: '5', mode: 0o755 }),
        tarEntry('lib/libnss3.so', { body: 'ELF', mode: 0o755 }),
        tarEntry('fonts.conf', { body: '<fontconfig/>' }),
        paxPath(long),
        tarEntry('ignored-short-name', { body: 'font' }),
        tarEntry('lib/libnss3.so.1', { type: '2', link: 'libnss3.so' }),
      ),
      into,
    );
    expect(await readFile(path.join(into, 'lib/libnss3.so'), 'utf8')).toBe('ELF');
    expect((await stat(path.join(into, 'lib/libnss3.so'))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(into, 'fonts.conf'))).mode & 0o777).toBe(0o644);
    expect(await readFile(path.join(into, long), 'utf8')).toBe('font');
    expect(await readlink(path.join(into, 'lib/libnss3.so.1'))).toBe('libnss3.so');
  });

  it('refuses an entry that would land outside its folder', async () => {
    const into = await scratch();
    await expect(extractTar(archive(tarEntry('../escaped', { body: 'x' })), into)).rejects.toThrow(
      /outside its folder: \.\.\/escaped/,
    );
  });
});

describe('where the npm-shipped Chromium is unpacked', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('in the user’s cache folder, by version: $XDG_CACHE_HOME when absolute, else ~/.cache', () => {
    vi.stubEnv('XDG_CACHE_HOME', '/srv/cache');
    expect(userCacheDir()).toBe('/srv/cache');
    expect(npmChromiumDir('153.0.0')).toBe('/srv/cache/bc-toolbox/sparticuz-chromium-153.0.0');
    vi.stubEnv('XDG_CACHE_HOME', 'relative/cache');
    expect(userCacheDir()).toBe(path.join(homedir(), '.cache'));
    vi.stubEnv('XDG_CACHE_HOME', '');
    expect(npmChromiumDir('153.0.0')).toBe(
      path.join(homedir(), '.cache/bc-toolbox/sparticuz-chromium-153.0.0'),
    );
  });
});

describe('findChromium', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('takes CHROMIUM_PATH first, and says where a run’s browser comes from', async () => {
    vi.stubEnv('CHROMIUM_PATH', process.execPath);
    const found = await findChromium();
    expect(found).toEqual({ path: process.execPath, source: 'CHROMIUM_PATH' });
    if ('error' in found) return;
    expect(describeChromium(found, '1.2.3.4')).toBe(
      `Chromium 1.2.3.4 at ${process.execPath} (CHROMIUM_PATH)`,
    );
    expect(
      describeChromium({
        path: '/c/bc-toolbox/sparticuz-chromium-153.0.0/chromium',
        source: 'npm',
        npm: { path: '', version: '153.0.0', dir: '/c/bc-toolbox/sparticuz-chromium-153.0.0', env: {} },
      }),
    ).toBe(
      'Chromium from npm (@sparticuz/chromium 153.0.0, unpacked in /c/bc-toolbox/sparticuz-chromium-153.0.0; ' +
        'no system Chromium found)',
    );
  });

  it('refuses a CHROMIUM_PATH that is not a program rather than look elsewhere', async () => {
    vi.stubEnv('CHROMIUM_PATH', path.join(tmpdir(), 'no-such-browser'));
    expect(await findChromium()).toEqual({
      error: `e2e: CHROMIUM_PATH=${path.join(tmpdir(), 'no-such-browser')} is not an executable file`,
    });
  });
});
