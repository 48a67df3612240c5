// The one place that reads process.env (STYLE.md §6). Every bad variable is listed before exiting.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { totalmem } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { message: 'must be on or off' })
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const optionalUrl = (what: string, protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isUrlWithProtocol(v, protocols), {
      message: `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')})`,
    });

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  // Loopback unless told otherwise: a fresh `npm start` is reachable from this machine only (README: exposing it).
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl('PostgreSQL', ['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl('http(s)', ['http:', 'https:']),
  LOG_LEVEL: z.enum(logLevels, { message: `must be one of ${logLevels.join(', ')}` }).default('info'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(10_000),
  // BigCommerce (issue 3). Real stores go to BC_API_BASE_URL; `sandbox-…` hashes to the built-in sandbox.
  BC_API_BASE_URL: z
    .string()
    .trim()
    .default('https://api.bigcommerce.com')
    .refine((v) => isUrlWithProtocol(v, ['http:', 'https:']), { message: 'must be a http(s) URL' }),
  /**
   * Share of each rate-limit window the toolbox leaves to the store's other integrations (all apps on a store share
   * one quota): 0 to 0.9, default 0.2 (issue 11, point 5).
   */
  BC_QUOTA_RESERVE: z.coerce
    .number({ message: 'must be a number from 0 to 0.9' })
    .min(0, { message: 'must be a number from 0 to 0.9' })
    .max(0.9, { message: 'must be a number from 0 to 0.9' })
    .default(0.2),
  /**
   * A job slice not completed in this many seconds is taken as lost (its instance stopped) and resumed elsewhere from
   * its checkpoint: 5 to 3600, default 120 (issue 12).
   */
  JOB_SLICE_EXPIRE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 5 to 3600' })
    .int({ message: 'must be a whole number of seconds from 5 to 3600' })
    .min(5, { message: 'must be a whole number of seconds from 5 to 3600' })
    .max(3600, { message: 'must be a whole number of seconds from 5 to 3600' })
    .default(120),
  /** Slice workers per job kind on this instance, each working one store at a time: 1 to 16, default 3 (issue 29). */
  JOB_SLICE_WORKERS: z.coerce
    .number({ message: 'must be a whole number from 1 to 16' })
    .int({ message: 'must be a whole number from 1 to 16' })
    .min(1, { message: 'must be a whole number from 1 to 16' })
    .max(16, { message: 'must be a whole number from 1 to 16' })
    .default(3),
  SANDBOX: onOff.default(true),
  /**
   * The sandbox's test fixtures: its control API (faults, quotas, resets; loopback only) and the two shared stores
   * with public tokens (`sandbox-demo`, `sandbox-empty`). Off unless set: tests and `npm run sandbox` turn it on.
   */
  SANDBOX_CONTROL: onOff.default(false),
  /**
   * Where each visitor's demo copies live (issue 29): `database` (every instance on the database serves the same
   * copies) or `memory` (this process only; one instance).
   */
  SANDBOX_DEMO_STATE: z
    .enum(['database', 'memory'], { message: 'must be database or memory' })
    .default('database'),
  /** Demo copies alive at once, across every instance: 1 to 1000, default 8. */
  SANDBOX_DEMO_COPIES: z.coerce
    .number({ message: 'must be a whole number from 1 to 1000' })
    .int({ message: 'must be a whole number from 1 to 1000' })
    .min(1, { message: 'must be a whole number from 1 to 1000' })
    .max(1000, { message: 'must be a whole number from 1 to 1000' })
    .default(8),
  /** Seconds a demo copy must be unused before it may be evicted to make room for another: 1 to 3600, default 120. */
  SANDBOX_DEMO_EVICT_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 1 to 3600' })
    .int({ message: 'must be a whole number of seconds from 1 to 3600' })
    .min(1, { message: 'must be a whole number of seconds from 1 to 3600' })
    .max(3600, { message: 'must be a whole number of seconds from 1 to 3600' })
    .default(120),
  // Accounts (issue 4). Unset secret: one is generated once and kept in the database (app_settings).
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: optionalUrl('SMTP', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3, 'must be an address').default('BC Toolbox <no-reply@localhost>'),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) => splitList(v).map((email) => email.toLowerCase()))
    .refine((list) => list.every((email) => z.email().safeParse(email).success), {
      message: 'must be a comma-separated list of email addresses',
    }),
  /** Behind a reverse proxy: take the visitor's address from X-Forwarded-Proto/-Host (server/forwarded.ts). */
  TRUST_PROXY: onOff.default(false),
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v) => splitList(v))
    .refine((list) => list.every(isIpOrCidr), {
      message: 'must be a comma-separated list of IP addresses or CIDR ranges',
    }),
  // Stores (issue 5): the AES-256-GCM key sealing stored access tokens, 64 hex digits or base64 of 32 bytes. Unset:
  // one is generated once into DATA_DIR/store-token.key (0600); several instances must share one key.
  STORE_TOKEN_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || isTokenKey(v), {
      message: 'must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    }),
  AUTH_RATE_LIMIT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  // The AI Assistant (issue 18): any OpenAI-compatible chat-completions endpoint. Unset: offline mode (the help
  // corpus alone). AI_MODEL goes with AI_BASE_URL; AI_API_KEY is optional (local servers such as Ollama need none).
  AI_BASE_URL: optionalUrl('http(s)', ['http:', 'https:']),
  AI_API_KEY: z.string().trim().min(1).optional(),
  AI_MODEL: z
    .string()
    .trim()
    .max(200, { message: 'must be a model name of at most 200 characters' })
    .optional(),
  /**
   * Store History's bound for all owners together (issue 41): the snapshots' compressed bytes plus their index rows
   * (counted at SNAPSHOT_ROW_BYTES each), in MB, and their index rows. Past either, no new snapshot starts.
   */
  SNAPSHOTS_TOTAL_MB: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(20_480),
  SNAPSHOTS_TOTAL_ROWS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10_000_000),
  /**
   * Page Builder pages of products, categories, brands and web pages a full snapshot reads at most, one request each
   * (issue 40): past it, the rest are named in the snapshot as not read. 5,000 take about 17 minutes at the Standard
   * plan's 150 requests per 30 s.
   */
  SNAPSHOT_PAGE_PROBES: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(100_000, 'must be at most 100000')
    .default(5_000),
  /** AI Assistant messages allowed per user per minute (counted in the database). */
  CHAT_RATE_LIMIT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  // Object storage (issue 17, server/storage/): local disk in DATA_DIR/storage unless S3_BUCKET is set.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/, {
      message: 'must be a bucket name (3 to 255 letters, digits, `.`, `_` or `-`)',
    })
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be a region name such as us-east-1' })
    .default('us-east-1'),
  S3_ENDPOINT: optionalUrl('http(s)', ['http:', 'https:']),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: onOff.default(false),
  // The H.265 cloud converter (issue 17, server/features/video-h265-converter/).
  /** The ffmpeg binary; unset: the newest of `ffmpeg` on PATH and the one shipped in @ffmpeg-installer/ffmpeg. */
  FFMPEG_PATH: z.string().trim().min(1).optional(),
  /**
   * Conversions run at once by this instance (each ffmpeg uses every core, so more only share them): 1 to 8, default
   * 1. With H265_MEMORY_LIMIT_MB, checked against the machine's memory at start (`h265MemoryProblem`).
   */
  H265_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number from 1 to 8' })
    .int({ message: 'must be a whole number from 1 to 8' })
    .min(1, { message: 'must be a whole number from 1 to 8' })
    .max(8, { message: 'must be a whole number from 1 to 8' })
    .default(1),
  /** A conversion job not finished this long after it started is taken as lost (its instance died) and retried. */
  H265_JOB_EXPIRE_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 10 to 3600' })
    .int({ message: 'must be a whole number of seconds from 10 to 3600' })
    .min(10, { message: 'must be a whole number of seconds from 10 to 3600' })
    .max(3600, { message: 'must be a whole number of seconds from 10 to 3600' })
    .default(420),
  /** The conversion time limit: the spec's 5 minutes (300); lower only in tests. */
  H265_TIME_LIMIT_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds from 1 to 300' })
    .int({ message: 'must be a whole number of seconds from 1 to 300' })
    .min(1, { message: 'must be a whole number of seconds from 1 to 300' })
    .max(300, { message: 'must be a whole number of seconds from 1 to 300' })
    .default(300),
  /**
   * The address space each ffmpeg run may take, in MB (issue 26: a small upload must not take all the memory). 4K at
   * the slowest preset used (medium) was measured at 1.5 GB resident and runs under 2048; 0 turns the bound off.
   */
  H265_MEMORY_LIMIT_MB: z.coerce
    .number({ message: 'must be 0 (no limit) or a whole number of MB from 256 to 65536' })
    .int({ message: 'must be 0 (no limit) or a whole number of MB from 256 to 65536' })
    .refine((mb) => mb === 0 || (mb >= 256 && mb <= 65536), {
      message: 'must be 0 (no limit) or a whole number of MB from 256 to 65536',
    })
    .default(3072),
});

/** The other S3 variables only with S3_BUCKET, and the two keys together or not at all. */
const envWithS3Pairs = envSchema.superRefine((env, ctx) => {
  const s3Only = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (env.S3_BUCKET === undefined) {
    for (const name of s3Only.filter((n) => env[n] !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is set but S3_BUCKET is not (set both, or neither)',
      });
    }
  } else if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set with its pair (both keys, or neither)',
    });
  }
});

/** The AI variables: AI_BASE_URL and AI_MODEL together or not at all; AI_API_KEY only with them. */
const envWithPairs = envWithS3Pairs.superRefine((env, ctx) => {
  if (env.AI_BASE_URL !== undefined && env.AI_MODEL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AI_MODEL'],
      message: 'must be set with AI_BASE_URL (the model to ask)',
    });
  }
  for (const name of ['AI_MODEL', 'AI_API_KEY'] as const) {
    if (env.AI_BASE_URL === undefined && env[name] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is set but AI_BASE_URL is not (set both, or neither)',
      });
    }
  }
});

function isTokenKey(value: string): boolean {
  const trimmed = value.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return true;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && Buffer.from(trimmed, 'base64').length === 32;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function isIpOrCidr(value: string): boolean {
  const [ip, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || ip === undefined) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Variables whose values may hold credentials: a problem with them never echoes the value. */
const SECRET_VARIABLES = new Set([
  'BETTER_AUTH_SECRET',
  'SMTP_URL',
  'STORE_TOKEN_KEY',
  'S3_SECRET_ACCESS_KEY',
  'AI_API_KEY',
]);

/** The memory this process may use: the machine's, and the smallest cgroup limit over it (null when none is set). */
export type MachineMemory = { totalBytes: number; cgroupBytes: number | null };

const MB = 1024 * 1024;

/**
 * The machine's memory (`os.totalmem`) and its cgroup limit: cgroup v2's `memory.max` and v1's
 * `memory.limit_in_bytes`, on the process's own cgroup (`/proc/self/cgroup`) and every cgroup above it, down to
 * `/sys/fs/cgroup/memory.max`; the smallest that is set (v2's `max` and v1's page-rounded 2^63 mean none).
 */
export function readMachineMemory(
  read: (file: string) => string | undefined = readTextFile,
  totalBytes: number = totalmem(),
): MachineMemory {
  const limits: number[] = [];
  const consider = (file: string) => {
    const value = read(file)?.trim();
    if (value === undefined || !/^\d+$/.test(value)) return;
    const bytes = Number(value);
    if (bytes > 0 && bytes < 2 ** 62) limits.push(bytes);
  };
  const cgroups = read('/proc/self/cgroup') ?? '';
  const v2 = /^0::(\/.*)$/m.exec(cgroups)?.[1] ?? '/';
  for (const dir of [...ancestors(v2), '']) consider(`/sys/fs/cgroup${dir}/memory.max`);
  const v1 = /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(\/.*)$/m.exec(cgroups)?.[1];
  if (v1 !== undefined) {
    for (const dir of [...ancestors(v1), '']) consider(`/sys/fs/cgroup/memory${dir}/memory.limit_in_bytes`);
  }
  return { totalBytes, cgroupBytes: limits.length > 0 ? Math.min(...limits) : null };
}

/** `/a/b` -> `/a/b`, `/a` (the root, '', is added by the caller). */
function ancestors(cgroup: string): string[] {
  const parts = cgroup.split('/').filter(Boolean);
  return parts.map((_, index) => `/${parts.slice(0, parts.length - index).join('/')}`);
}

function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Issue 29: every H.265 conversion an instance runs at once may take H265_MEMORY_LIMIT_MB of address space, so
 * H265_CONCURRENCY of them must fit in the memory this process has (the machine's, or its cgroup's limit when lower),
 * or the machine could run out of memory however well each ffmpeg is bounded. Answers the problem, or undefined. No
 * bound (`H265_MEMORY_LIMIT_MB=0`) has nothing to check.
 */
export function h265MemoryProblem(
  env: Pick<Env, 'H265_CONCURRENCY' | 'H265_MEMORY_LIMIT_MB'>,
  machine: MachineMemory,
): string | undefined {
  const { H265_CONCURRENCY: concurrency, H265_MEMORY_LIMIT_MB: limitMb } = env;
  if (limitMb === 0) return undefined;
  const cgroup = machine.cgroupBytes !== null && machine.cgroupBytes < machine.totalBytes;
  const availableMb = Math.floor((cgroup ? machine.cgroupBytes! : machine.totalBytes) / MB);
  if (concurrency * limitMb <= availableMb) return undefined;
  const fitting = Math.floor(availableMb / limitMb);
  const lower =
    fitting >= 1
      ? `lower H265_CONCURRENCY to ${fitting} or H265_MEMORY_LIMIT_MB to ${Math.floor(availableMb / concurrency)}`
      : `lower H265_MEMORY_LIMIT_MB to at most ${Math.floor(availableMb / concurrency)}`;
  return (
    `H265_CONCURRENCY: ${concurrency} conversion${concurrency === 1 ? '' : 's'} at once × H265_MEMORY_LIMIT_MB ` +
    `${limitMb} MB = ${concurrency * limitMb} MB, more than the ${availableMb} MB this machine has` +
    `${cgroup ? ' (its cgroup memory limit)' : ''}: ${lower}`
  );
}

/**
 * Parses a set of variables; throws an EnvError listing every problem. With `machine`, the settings that depend on it
 * are checked too (H265_CONCURRENCY × H265_MEMORY_LIMIT_MB against its memory).
 */
export function parseEnv(source: Record<string, string | undefined>, machine?: MachineMemory): Env {
  // Treat empty strings as unset so `PORT= npm start` uses the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envWithPairs.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = SECRET_VARIABLES.has(name) ? undefined : source[name];
      return `${name}: ${issue.message}${value === undefined ? '' : ` (got ${JSON.stringify(value)})`}`;
    });
    throw new EnvError(problems);
  }
  const env = result.data;
  const memory = machine ? h265MemoryProblem(env, machine) : undefined;
  if (memory && machine) {
    // Chosen by the operator: say it does not fit. Left to the defaults (`npm start` on a small machine): the bound
    // is derived from the memory there is, three quarters of it shared by the conversions, rather than refusing.
    const chosen = cleaned.H265_CONCURRENCY !== undefined || cleaned.H265_MEMORY_LIMIT_MB !== undefined;
    if (chosen) throw new EnvError([memory]);
    const availableBytes = Math.min(machine.totalBytes, machine.cgroupBytes ?? Infinity);
    env.H265_MEMORY_LIMIT_MB = Math.max(1, Math.floor((availableBytes * 0.75) / MB / env.H265_CONCURRENCY));
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    BC_API_BASE_URL: env.BC_API_BASE_URL.replace(/\/+$/, ''),
  };
}

/** Reads process.env once, and checks it against this machine. */
export function loadEnv(): Env {
  return parseEnv(process.env, readMachineMemory());
}
