// Issue 29: the speed book on a fake machine (an injected probe and calibration, a fake clock): calibrated once, the
// load probed and reused, what conversions teach kept per frame size and preset, crafted or odd ones bounded.
import { describe, expect, it } from 'vitest';
import {
  DECISION_MARGIN_PER_LEVEL,
  MAX_STEP_FACTOR,
  SPEED_RANGE,
  type CalibrationEncode,
  type EncodedWork,
} from '../../../common/video/h265-estimate';
import { createSpeedBook, ENCODE_PROBE_MS, ESTIMATE_PROBE_MS, probeCopies } from './calibration';
import type { FfmpegBinary } from './ffmpeg';

const HD = { width: 1920, height: 1080 };
const SD = { width: 854, height: 480 };
/** What the fake machine measures when idle (its probe takes 0.5 s then). */
const CALIBRATION: CalibrationEncode[] = [
  { width: 1280, height: 720, preset: 'ultrafast', speed: 80 },
  { width: 1280, height: 720, preset: 'faster', speed: 40 },
  { width: 1280, height: 720, preset: 'medium', speed: 20 },
];

function fakeMachine(options: { probeSeconds?: number; calibrationSlowdown?: number } = {}) {
  let clock = 1_000_000;
  const machine = {
    probeSeconds: options.probeSeconds ?? 0.5,
    /** Probe times answered first, in order, before `probeSeconds`. */
    nextProbes: [] as number[],
    probes: 0,
    calibrations: 0,
    advance: (ms: number) => {
      clock += ms;
    },
  };
  const slowdown = options.calibrationSlowdown ?? 1;
  const book = createSpeedBook(() => Promise.reject(new Error('no ffmpeg in unit tests')), undefined, {
    machine: 'test-machine',
    now: () => clock,
    probe: () => {
      machine.probes += 1;
      return Promise.resolve(machine.nextProbes.shift() ?? machine.probeSeconds);
    },
    calibrate: async () => {
      machine.calibrations += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return CALIBRATION.map((one) => ({ ...one, speed: one.speed / slowdown }));
    },
  });
  /** A conversion of `seconds` that ran at `speed` megapixels per second, ending now (after its decision). */
  const encoded = (frame: { width: number; height: number }, speed: number, seconds = 20): EncodedWork => ({
    ...frame,
    frames: Math.round((speed * seconds * 1e6) / (frame.width * frame.height)),
    seconds,
  });
  /** The decision, the encode, and what it teaches. */
  const convert = async (
    frame: { width: number; height: number },
    speed: number,
    preset: 'medium' | 'ultrafast' = 'medium',
  ) => {
    await book.speeds(frame, 'encode');
    machine.advance(20_000);
    book.record(preset, encoded(frame, speed));
    await book.settled();
    machine.advance(ENCODE_PROBE_MS + 1);
  };
  return { book, machine, encoded, convert };
}

describe('the speed book', () => {
  it('calibrates once on first need, shared by concurrent callers, and answers speeds under the load now', async () => {
    const { book, machine } = fakeMachine();
    const [first, second] = await Promise.all([book.speeds(HD), book.speeds(SD)]);
    expect(machine.calibrations).toBe(1);
    expect(first.medium).toBeCloseTo(20, 6);
    expect(second).toMatchObject({ ultrafast: 80, faster: 40, medium: 20 });
    expect(second.fast).toBeCloseTo(Math.sqrt(40 * 20), 6);
    // A busy machine: the probe now takes twice as long, and so would the encode.
    machine.probeSeconds = 1;
    expect((await book.speeds(HD)).medium).toBeCloseTo(20, 6); // the last probe is reused for estimates a while
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD)).medium).toBeCloseTo(10, 6);
    expect(machine.calibrations).toBe(1);
  });

  it('probes again before an encode when its last probe is more than 2 s old (the conversions already running)', async () => {
    const { book, machine } = fakeMachine();
    await book.speeds(HD);
    const probes = machine.probes;
    machine.advance(ENCODE_PROBE_MS - 500);
    await book.speeds(HD, 'encode');
    expect(machine.probes).toBe(probes);
    machine.advance(1000);
    machine.probeSeconds = 1.5;
    // Three times as slow (level 3): the decision also takes its margin for a busy machine.
    expect((await book.speeds(HD, 'encode')).medium).toBeCloseTo(
      20 / 3 / (1 + 3 * DECISION_MARGIN_PER_LEVEL),
      6,
    );
    // Busy: probed twice (the same 1.5 s both times here).
    expect(machine.probes).toBe(probes + 2);
    expect((await book.speeds(HD, 'estimate')).medium).toBeCloseTo(20 / 3, 6);
  });

  it('probes once on an idle machine, twice on a busy one, and goes by the geometric mean of the two', async () => {
    const { book, machine } = fakeMachine();
    await book.speeds(HD);
    const probes = machine.probes;
    // Idle (0.52 s against 0.5 s, level 0): one probe.
    machine.probeSeconds = 0.52;
    machine.advance(ESTIMATE_PROBE_MS + 1);
    await book.speeds(HD);
    expect(machine.probes).toBe(probes + 1);
    // A burst of load during the first probe only (2 s, then 0.5 s): the second says the machine is calmer.
    machine.nextProbes = [2, 0.5];
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD)).medium).toBeCloseTo(20 / 2, 6);
    expect(machine.probes).toBe(probes + 3);
    // Busy both times (1 s, then 2.25 s): 1.5 s, three times the idle probe.
    machine.nextProbes = [1, 2.25];
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD)).medium).toBeCloseTo(20 / 3, 6);
    expect(machine.probes).toBe(probes + 5);
  });

  it('runs one probe copy per core, at most 4 (a conversion keeps every core busy, one probe only one)', () => {
    expect([1, 2, 3, 4, 16].map((cores) => probeCopies(cores))).toEqual([1, 2, 3, 4, 4]);
    expect(probeCopies(0)).toBe(1);
  });

  it('a calibration measured on a busy machine does not make the idle estimates too long (the report of issue 29)', async () => {
    // Calibrated while something else ran: the encodes and the probe both twice as slow.
    const { book, machine } = fakeMachine({ probeSeconds: 1, calibrationSlowdown: 2 });
    expect((await book.speeds(HD)).medium).toBeCloseTo(10, 6);
    // Idle again: the probe is back to 0.5 s, and the speeds to what the machine really does idle.
    machine.probeSeconds = 0.5;
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD)).medium).toBeCloseTo(20, 6);
  });

  it('learns each frame size apart, from the probe taken before the encode', async () => {
    const { book, convert } = fakeMachine();
    await book.speeds(HD);
    // 1080p really runs at 26 MP/s at medium; 480p is as calibrated.
    for (let i = 0; i < 4; i += 1) await convert(HD, 26);
    expect((await book.speeds(HD)).medium).toBeCloseTo(26, 1);
    expect((await book.speeds(HD)).ultrafast).toBeCloseTo(80, 6);
    expect((await book.speeds(SD)).medium).toBeCloseTo(20, 6);
  });

  it('ignores outliers, and a run of crafted fast clips moves the estimate only by bounded steps, within a range', async () => {
    const { book, convert } = fakeMachine();
    await book.speeds(HD);
    // A clip of a still frame: ten times as fast as video; ignored.
    await convert(HD, 200);
    expect((await book.speeds(HD)).medium).toBeCloseTo(20, 6);
    // Fast enough to pass as real (2.8x): two in a row change nothing, then one bounded step per conversion, and
    // never more than the range above the calibration.
    const seen: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      await convert(HD, 56);
      seen.push((await book.speeds(HD)).medium ?? 0);
    }
    expect(seen.slice(0, 2)).toEqual([20, 20]);
    for (const [i, speed] of seen.entries()) {
      expect(speed).toBeLessThanOrEqual((seen[i - 1] ?? 20) * MAX_STEP_FACTOR + 1e-9);
    }
    expect(Math.max(...seen)).toBeCloseTo(20 * SPEED_RANGE.above, 6);
  });

  it('learns a busy machine per load level, leaving the idle speeds alone', async () => {
    const { book, machine, convert } = fakeMachine();
    await book.speeds(HD);
    // Twice the probe time (level 2), but the conversions ran 2.5 times slower than idle.
    machine.probeSeconds = 1;
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD)).medium).toBeCloseTo(10, 6);
    for (let i = 0; i < 3; i += 1) await convert(HD, 8);
    expect((await book.speeds(HD)).medium).toBeCloseTo(8, 1);
    expect((await book.speeds(HD, 'encode')).medium).toBeCloseTo(8 / (1 + 2 * DECISION_MARGIN_PER_LEVEL), 1);
    // The same correction holds for the other sizes and presets at that level.
    expect((await book.speeds(SD)).ultrafast).toBeCloseTo(80 / 2 / 1.25, 0);
    machine.probeSeconds = 0.5;
    machine.advance(ESTIMATE_PROBE_MS + 1);
    expect((await book.speeds(HD, 'encode')).medium).toBeCloseTo(20, 6);
  });

  it('learns nothing from an encode no probe came before, nor from one too short to tell', async () => {
    const { book, machine, encoded } = fakeMachine();
    await book.speeds(HD);
    machine.advance(10 * 60_000);
    book.record('medium', encoded(HD, 26));
    book.record('medium', encoded(HD, 26));
    await book.settled();
    machine.advance(ESTIMATE_PROBE_MS + 1);
    await book.speeds(HD);
    book.record('medium', encoded(HD, 26, 1));
    await book.settled();
    expect((await book.speeds(HD)).medium).toBeCloseTo(20, 6);
  });

  it('with fixed speeds (tests), answers them for every size and learns nothing', async () => {
    const book = createSpeedBook(() => Promise.reject<FfmpegBinary>(new Error('unused')), {
      medium: 5,
    });
    book.record('medium', { ...HD, frames: 3000, seconds: 10 });
    await book.settled();
    expect(await book.speeds(HD, 'encode')).toEqual({ medium: 5 });
  });
});
