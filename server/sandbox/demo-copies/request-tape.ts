// What a write request took from outside the store's state: the clock readings and the UUIDs its handler used, in
// order. A demo copy shared by several app instances (shared-copies.ts) records them while the write runs, and another
// instance that replays the write plays them back, so both end with the same state (same `date_modified`, same widget
// UUIDs). Outside a taped request (reads, the shared fixtures, the standalone sandbox) everything reads the real clock
// and makes fresh UUIDs.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export type TapeRecord = { clock: number[]; uuids: string[] };

export class RequestTape {
  private clockAt = 0;
  private uuidAt = 0;

  private constructor(
    readonly mode: 'record' | 'replay',
    readonly record: TapeRecord,
  ) {}

  static recording(): RequestTape {
    return new RequestTape('record', { clock: [], uuids: [] });
  }

  static replaying(record: TapeRecord): RequestTape {
    return new RequestTape('replay', record);
  }

  now(real: () => number): number {
    if (this.mode === 'record') {
      const ms = real();
      this.record.clock.push(ms);
      return ms;
    }
    // A replay asks in the same order as the recording; past its end (a handler that changed), the last reading.
    const ms = this.record.clock[this.clockAt] ?? this.record.clock.at(-1) ?? real();
    this.clockAt += 1;
    return ms;
  }

  uuid(): string {
    if (this.mode === 'record') {
      const id = randomUUID();
      this.record.uuids.push(id);
      return id;
    }
    const id = this.record.uuids[this.uuidAt] ?? randomUUID();
    this.uuidAt += 1;
    return id;
  }
}

const current = new AsyncLocalStorage<RequestTape>();

/** Runs `work` with `tape` as the source of clock readings and UUIDs for everything it calls. */
export function runTaped<T>(tape: RequestTape, work: () => Promise<T>): Promise<T> {
  return current.run(tape, work);
}

/** The time for a handler: from the tape of the request being recorded or replayed, else `real()`. */
export function tapedNow(real: () => number): number {
  const tape = current.getStore();
  return tape ? tape.now(real) : real();
}

/** A UUID for a handler: from the tape of the request being recorded or replayed, else a fresh one. */
export function tapedUuid(): string {
  const tape = current.getStore();
  return tape ? tape.uuid() : randomUUID();
}
