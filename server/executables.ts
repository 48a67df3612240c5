// Finding a program to run: on PATH, or a binary shipped inside an npm package (the server's ffmpeg, and the tests'
// ffmpeg and ffprobe on a machine that has none of its own).
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` in PATH's folders. */
export function onPath(name: string, envPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate) && isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** The binary an installer package names as its `path` (`@ffmpeg-installer/ffmpeg`…), made executable. */
export function npmShippedBinary(packageName: string): string | undefined {
  try {
    const { path: file } = createRequire(import.meta.url)(packageName) as { path: string };
    if (!existsSync(file)) return undefined;
    // npm 11 does not run the packages' `chmod u+x` without approval: do it here.
    if (!isExecutable(file)) chmodSync(file, 0o755);
    return file;
  } catch {
    return undefined;
  }
}
