// This machine's x265 speed, per preset and frame size, under the load it has now (issues 17, 26, 29). The model
// (common/video/h265-estimate.ts `SpeedModel`) keeps speeds relative to a load probe: a short x265 encode of a
// generated 720p picture, one copy per core at once (about 0.9 s on 2 cores; `probeCopies`: a conversion keeps every
// core busy, one copy only one), whose time shows how busy the machine is now (other conversions of this instance or
// of another, any other program). An estimate runs the probe (reused for 10 s, and for 2 s before an encode, so the
// decision sees the conversions already running; taken twice when it finds the machine busy) and divides.
//
// The model is kept in the database (`app_settings`, one key per kind of machine: cores, CPU model, ffmpeg version), so
// every instance shares what any one measured or learnt. The first instance that needs it calibrates (a lease keeps
// the others waiting for its result): 2 s clips at 720p with three presets and at 360p and 1080p with one, each
// encode between two probes (measured again when they differ: the load changed); about 12 s on 2 idle cores. The
// speed of a frame size and preset, relative to the probe, holds whatever the load. Every finished conversion then teaches the model the speed of
// the frames it really encoded (`learnConversion`: per frame class and preset on an idle machine, per load level on a
// busy one; outliers ignored, each step bounded, never far from the calibration).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  FRAME_CLASSES,
  learnConversion,
  loadOf,
  MAX_LOAD_LEVEL,
  PROBE_FLOOR_KEPT,
  SAMPLE_WINDOW,
  seedModel,
  speedsAt,
  speedsFromCalibration,
  withProbe,
  X265_CRF,
  X265_PRESETS,
  type CalibrationEncode,
  type EncodedWork,
  type EncoderSpeeds,
  type SpeedModel,
  type X265Preset,
} from '../../../common/video/h265-estimate';
import type { Db } from '../../db/database';
import { tryLease } from '../../db/lease';
import { withAdvisoryLocks } from '../../db/lock';
import { appSettings } from '../../db/schema';
import type { Logger } from '../../logger';
import { encode, encodeArgs, run, type FfmpegBinary } from './ffmpeg';

/** The calibration's encodes: three presets at 720p, one at two other sizes (how speed follows the frame size). */
const CALIBRATION: readonly { width: number; height: number; presets: readonly X265Preset[] }[] = [
  { width: 1280, height: 720, presets: ['ultrafast', 'faster', 'medium'] },
  { width: 640, height: 360, presets: ['faster'] },
  { width: 1920, height: 1080, presets: ['faster'] },
];
const CLIP_SECONDS = 2;
const CLIP_RATE = 30;
/** A moving test pattern with a little grain, so x265 has some texture to work on. */
const pattern = (width: number, height: number) =>
  `testsrc2=size=${width}x${height}:rate=${CLIP_RATE},noise=alls=3:allf=t`;

/** The load probe: this many frames of the 720p pattern at this preset, encoded to nothing. */
export const PROBE_FRAMES = 16;
const PROBE_PRESET: X265Preset = 'faster';
/** A probe is reused this long for an estimate, and this long for the decision before an encode. */
export const ESTIMATE_PROBE_MS = 10_000;
export const ENCODE_PROBE_MS = 2_000;
/** A finished conversion is learnt from with the probe taken at most this long before it started. */
const PROBE_MATCH_MS = 60_000;
/** The model read from the database is reused this long (other instances' learning shows after it). */
export const MODEL_TTL_MS = 5_000;
/** How long the instance calibrating may hold its lease, and how long the others wait for its model. */
const CALIBRATION_LEASE_MS = 5 * 60_000;
const CALIBRATION_WAIT_MS = 3 * 60_000;
// v2: the probe runs one copy per core (speeds relative to a v1 probe do not hold for it).
const KEY_PREFIX = 'h265-speeds:v2:';

export type SpeedPurpose = 'estimate' | 'encode';

export type SpeedBook = {
  /**
   * The speeds (megapixels per second, per preset) for a frame of this size (720p when not given) on this machine now:
   * calibrated on the first call anywhere, the load probed. `encode` is the decision before a conversion starts.
   */
  speeds(frame?: { width: number; height: number }, purpose?: SpeedPurpose): Promise<EncoderSpeeds>;
  /** What a finished conversion encoded, learnt in the background (`learnConversion`). */
  record(preset: X265Preset, work: EncodedWork): void;
  /** Resolves once what `record` learnt is saved. */
  settled(): Promise<void>;
};

export type SpeedBookOptions = {
  /** Where the model is shared by every instance; without it, it lives in this process only. */
  db?: Db;
  logger?: Logger;
  /** The load probe's seconds now; by default the probe encode. */
  probe?: () => Promise<number>;
  /** The calibration's encodes; by default measured with ffmpeg. */
  calibrate?: () => Promise<CalibrationEncode[]>;
  /** The model's key; by default the kind of machine (cores, CPU model, ffmpeg version). */
  machine?: string;
  /** How long a model read is reused (MODEL_TTL_MS). */
  modelTtlMs?: number;
  /** How long an instance waits for another's calibration before measuring itself (3 minutes). */
  calibrationWaitMs?: number;
  now?: () => number;
};

/**
 * The speed book. With `fixed` speeds (tests), those speeds for every frame size and load, and nothing learnt.
 */
export function createSpeedBook(
  getBinary: () => Promise<FfmpegBinary>,
  fixed?: EncoderSpeeds,
  options: SpeedBookOptions = {},
): SpeedBook {
  if (fixed) {
    return {
      speeds: () => Promise.resolve(fixed),
      record: () => undefined,
      settled: () => Promise.resolve(),
    };
  }
  const now = options.now ?? Date.now;
  const ttl = options.modelTtlMs ?? MODEL_TTL_MS;
  const store = options.db ? databaseStore(options.db) : memoryStore();
  let machine: Promise<string> | undefined;
  let cached: { model: SpeedModel; at: number } | undefined;
  let loading: Promise<SpeedModel> | undefined;
  /** This instance's probes, newest last: a conversion is learnt from with the probe taken before it started. */
  const probes: Probe[] = [];
  let probing: Promise<Probe> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const keyOf = async (): Promise<string> => {
    machine ??= (options.machine ? Promise.resolve(options.machine) : getBinary().then(machineKey)).catch(
      (error: unknown) => {
        machine = undefined;
        throw error;
      },
    );
    return machine;
  };

  const remember = (model: SpeedModel) => {
    cached = { model, at: now() };
    return model;
  };

  async function model(): Promise<SpeedModel> {
    if (cached && now() - cached.at < ttl) return cached.model;
    loading ??= (async () => {
      const key = await keyOf();
      return remember((await store.read(key)) ?? (await calibrated(key)));
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  /** Calibrates, unless another instance is doing it (then waits for its model); saved unless one came first. */
  async function calibrated(key: string): Promise<SpeedModel> {
    const lease = options.db
      ? await tryLease(options.db, `${key}:calibration`, { ttlMs: CALIBRATION_LEASE_MS })
      : undefined;
    if (options.db && !lease) {
      const until = now() + (options.calibrationWaitMs ?? CALIBRATION_WAIT_MS);
      while (now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const found = await store.read(key);
        if (found) return found;
      }
      options.logger?.warn('another instance did not finish calibrating the H.265 speeds: measuring here');
    }
    try {
      let seeded: SpeedModel;
      let measured: unknown;
      if (options.calibrate) {
        // Injected encodes (tests): measured between one probe before and one after.
        const before = await probeNow(0);
        const encodes = await options.calibrate();
        const after = await probeNow(0);
        before.noted = after.noted = true;
        seeded = seedModel(Math.sqrt(before.seconds * after.seconds), speedsFromCalibration(encodes));
        measured = { encodes, probes: [before.seconds, after.seconds] };
      } else {
        const binary = await getBinary();
        const result = await measure(binary, async () => {
          const probe = await probeNow(0);
          probe.noted = true;
          return probe.seconds;
        });
        // The encodes' speeds are already per probe time; the shortest probe is the idle one so far.
        seeded = seedModel(1, speedsFromCalibration(result.encodes), Math.min(...result.probes));
        measured = result;
      }
      if (Object.keys(seeded.speeds).length === 0) throw new Error('the calibration measured nothing');
      options.logger?.info({ measured, seeded }, 'the H.265 speeds of this machine were calibrated');
      return (await store.update(key, (current) => current ?? seeded)) ?? seeded;
    } finally {
      await lease?.release().catch(() => undefined);
    }
  }

  /**
   * A probe taken at most `maxAgeMs` ago, or one taken now (shared by concurrent callers). One that `busy` finds slowed
   * is taken twice (a load that comes and goes moves one probe by 15% and more): the geometric mean of the two.
   */
  async function probeNow(maxAgeMs: number, busy?: (seconds: number) => boolean): Promise<Probe> {
    const last = probes.at(-1);
    if (last && now() - last.at < maxAgeMs) return last;
    probing ??= (async () => {
      const once = async () => (options.probe ? options.probe() : runProbe(await getBinary()));
      let seconds = await once();
      if (busy?.(seconds)) seconds = Math.sqrt(seconds * (await once()));
      const probe: Probe = { seconds, at: now(), noted: false };
      probes.push(probe);
      if (probes.length > 100) probes.shift();
      return probe;
    })().finally(() => {
      probing = undefined;
    });
    return probing;
  }

  /** A probe among the shortest seen is kept as one of the machine's idle ones (written only then). */
  const saveProbe = (seconds: number, probed: SpeedModel) => async (key: string) => {
    remember((await store.update(key, (model) => model && withProbe(model, seconds))) ?? probed);
  };

  const queue = (work: (key: string) => Promise<void>) => {
    saving = saving
      .then(async () => work(await keyOf()))
      .catch((error: unknown) => {
        options.logger?.warn({ err: error }, 'the H.265 speeds could not be saved');
      });
  };

  return {
    async speeds(frame = { width: 1280, height: 720 }, purpose = 'estimate') {
      const current = await model();
      const probe = await probeNow(
        purpose === 'encode' ? ENCODE_PROBE_MS : ESTIMATE_PROBE_MS,
        (seconds) => loadOf(current, seconds).level > 0,
      );
      // A probe faster than the idle ones known tells at once that the machine was busy when they were taken.
      const probed = probe.noted ? current : withProbe(current, probe.seconds);
      probe.noted = true;
      if (probed !== current) queue(saveProbe(probe.seconds, probed));
      const speeds = speedsAt(probed, frame, probe.seconds, purpose);
      options.logger?.debug(
        { purpose, frame, probe: probe.seconds, load: loadOf(probed, probe.seconds), speeds },
        'h265 speeds',
      );
      return speeds;
    },
    record(preset, work) {
      const started = now() - work.seconds * 1000;
      const probe = [...probes]
        .reverse()
        .find((one) => one.at <= started + 1000 && one.at >= started - PROBE_MATCH_MS);
      options.logger?.debug({ preset, work, probe: probe?.seconds }, 'h265 conversion learnt from');
      if (!probe) return;
      queue(async (key) => {
        const learnt = await store.update(
          key,
          (current) => current && learnConversion(current, { preset, work, probeSeconds: probe.seconds }),
        );
        if (learnt) remember(learnt);
      });
    },
    settled: () => saving,
  };
}

/** The key of this kind of machine: what its speeds depend on. */
function machineKey(binary: FfmpegBinary): string {
  const cpus = os.cpus();
  const kind = [os.availableParallelism(), cpus[0]?.model ?? 'unknown', binary.version].join('|');
  return KEY_PREFIX + createHash('sha256').update(kind).digest('hex').slice(0, 16);
}

/** One load probe of this instance: its seconds, when it ended, whether the idle ones saw it. */
type Probe = { seconds: number; at: number; noted: boolean };

type SpeedStore = {
  read(key: string): Promise<SpeedModel | undefined>;
  /** Writes what `change` makes of the model (nothing when it answers the same one); answers the model now. */
  update(
    key: string,
    change: (current: SpeedModel | undefined) => SpeedModel | undefined,
  ): Promise<SpeedModel | undefined>;
};

function memoryStore(): SpeedStore {
  const models = new Map<string, SpeedModel>();
  return {
    read: (key) => Promise.resolve(models.get(key)),
    update: (key, change) => {
      const current = models.get(key);
      const next = change(current);
      if (next && next !== current) models.set(key, next);
      return Promise.resolve(next ?? current);
    },
  };
}

/** The model in `app_settings`, changed under an advisory lock so two instances learning at once both count. */
function databaseStore(db: Db): SpeedStore {
  return {
    async read(key) {
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
      return parseModel(row?.value);
    },
    update: (key, change) =>
      withAdvisoryLocks(db, [key], async (tx) => {
        const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
        const current = parseModel(row?.value);
        const next = change(current);
        if (!next || next === current) return current;
        const updatedAt = new Date();
        await tx
          .insert(appSettings)
          .values({ key, value: next, updatedAt })
          .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt } });
        return next;
      }),
  };
}

const positive = z.number().positive().finite();
const learntSchema = z.object({
  seed: positive,
  value: positive,
  recent: z.array(positive).max(SAMPLE_WINDOW),
});
const modelSchema = z.object({
  probeFloor: z.array(positive).max(PROBE_FLOOR_KEPT),
  speeds: z.partialRecord(
    z.enum(Object.keys(FRAME_CLASSES) as [keyof typeof FRAME_CLASSES]),
    z.partialRecord(z.enum(X265_PRESETS), learntSchema),
  ),
  load: z.partialRecord(
    z.enum(Array.from({ length: MAX_LOAD_LEVEL }, (_, i) => String(i + 1)) as [string]),
    learntSchema,
  ),
});

/** A stored model, or undefined when there is none or it is not one this code reads (then it is measured again). */
function parseModel(value: unknown): SpeedModel | undefined {
  const parsed = modelSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * How many probe encodes run at once: one per core, at most 4. One 16-frame x265 encode keeps about one core busy
 * (0.87 s of CPU in 0.92-0.97 s of wall time, measured on 2 cores), a conversion nearly all of them; a lone probe
 * therefore sees only part of the load that slows a conversion (two spinning threads on 2 cores: the probe shares
 * with them as 1 thread of 3, the conversion as 2 of 4, issue 29 bench P6: estimates 12-26% short). Copies that ask
 * as many cores as a conversion does get the share it will get.
 */
export const probeCopies = (cores = os.availableParallelism()) => Math.min(4, Math.max(1, cores));

/** The probe: PROBE_FRAMES of the 720p pattern at PROBE_PRESET, encoded to nothing, `probeCopies()` at once; the mean of their wall seconds. */
async function runProbe(binary: FfmpegBinary): Promise<number> {
  const one = async () => {
    const started = performance.now();
    const result = await run(
      binary.path,
      [
        ...['-hide_banner', '-nostdin', '-f', 'lavfi', '-i', pattern(1280, 720)],
        ...['-frames:v', String(PROBE_FRAMES), '-c:v', 'libx265', '-preset', PROBE_PRESET],
        ...['-crf', String(X265_CRF), '-x265-params', 'log-level=error', '-f', 'null', '-'],
      ],
      { timeoutMs: 120_000 },
    );
    if (result.code !== 0) throw new Error(`the load probe failed: ${result.stderr.slice(-300)}`);
    return (performance.now() - started) / 1000;
  };
  const seconds = await Promise.all(Array.from({ length: probeCopies() }, one));
  return seconds.reduce((sum, value) => sum + value, 0) / seconds.length;
}

/** An encode whose probes before and after differ more than this saw the load change: it is measured again. */
const STEADY_FACTOR = 1.3;

/**
 * The calibration's encodes, each as a conversion runs it (same arguments), less ffmpeg's own start-up, each between
 * two probes: its speed is given relative to them (megapixels per probe time), so a load that comes and goes while it
 * measures does not skew it. An encode that saw the load change is measured again, once.
 */
async function measure(
  binary: FfmpegBinary,
  probe: () => Promise<number>,
): Promise<{ encodes: CalibrationEncode[]; probes: number[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bct-h265-calibration-'));
  try {
    const encodes: CalibrationEncode[] = [];
    const probes = [await probe()];
    for (const { width, height, presets } of CALIBRATION) {
      const input = path.join(dir, `calibration-${height}.mp4`);
      const made = await run(
        binary.path,
        [
          ...['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', pattern(width, height)],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(CLIP_SECONDS)],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-c:a', 'aac', input],
        ],
        { timeoutMs: 120_000 },
      );
      if (made.code !== 0) throw new Error(`the calibration clip was not made: ${made.stderr.slice(-300)}`);
      const startup = await timed(() =>
        run(binary.path, ['-hide_banner', '-nostdin', '-i', input, '-t', '0.04', '-f', 'null', '-'], {
          timeoutMs: 60_000,
        }),
      );
      const megapixels = (CLIP_SECONDS * CLIP_RATE * width * height) / 1e6;
      const media = {
        width,
        height,
        frameRate: CLIP_RATE,
        durationSeconds: CLIP_SECONDS,
        videoCodec: 'h264',
        audioCodec: 'aac',
      };
      for (const preset of presets) {
        const output = path.join(dir, `${preset}.mp4`);
        const args = encodeArgs({ path: input, container: 'mov' }, output, preset, media);
        for (let attempt = 1; ; attempt += 1) {
          const before = probes.at(-1) ?? (await probe());
          const started = performance.now();
          const outcome = await encode(binary, args, {
            durationSeconds: CLIP_SECONDS,
            timeoutMs: 300_000,
            onProgress: () => {},
          });
          if (!outcome.ok) throw new Error(`the calibration encode failed: ${outcome.detail}`);
          const seconds = (performance.now() - started) / 1000;
          const after = await probe();
          probes.push(after);
          const steady = Math.max(before, after) / Math.min(before, after) <= STEADY_FACTOR;
          if (!steady && attempt < 2) continue;
          const speed = megapixels / Math.max(0.05, seconds - startup);
          encodes.push({ width, height, preset, speed: speed * Math.sqrt(before * after) });
          break;
        }
      }
    }
    return { encodes, probes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}
