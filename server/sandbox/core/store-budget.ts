// What one sandbox store may hold beyond its generated seed (issue 9, point 2): written data is counted against a
// budget, so no caller can grow the server's memory by writing into a store. Counting every write body is cheap but
// pessimistic (an update replaces data instead of adding to it), so when the count reaches the budget the store is
// measured for real and the count restarts from the true growth. A store over its budget refuses writes with 403,
// as BigCommerce does for a plan's limits, until it is reset.

/** Growth allowed per store over its seed, in bytes of JSON (and uploaded image bytes). */
export const DEFAULT_STORE_BUDGET_BYTES = 16 * 1024 * 1024;

/** Approximate bytes a store's state takes as JSON; uploaded files count by their size. */
export function measureBytes(value: unknown): number {
  let binary = 0;
  const json = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Map) return [...(v as Map<unknown, unknown>).entries()];
    if (v instanceof Set) return [...(v as Set<unknown>)];
    if (v instanceof Uint8Array) {
      binary += v.byteLength;
      return null;
    }
    return v;
  }) as string | undefined;
  return (json?.length ?? 0) + binary;
}

export class StoreBudget {
  /** Bytes counted since the last measurement, starting from the growth that measurement found. */
  private counted = 0;

  constructor(
    readonly limitBytes: number,
    /** The store's size as generated. */
    private readonly seedBytes: number,
    /** Measures the store as it is now. */
    private readonly measure: () => number,
  ) {}

  /** The growth counted so far (kept with a demo copy shared by several instances, shared-copies.ts). */
  get countedBytes(): number {
    return this.counted;
  }

  /** Starts counting from `bytes` (what another instance counted for the same store). */
  resume(bytes: number): void {
    this.counted = bytes;
  }

  /** Takes `bytes` of a write; false (and nothing taken) when the store would go over its budget. */
  take(bytes: number): boolean {
    if (this.counted + bytes <= this.limitBytes) {
      this.counted += bytes;
      return true;
    }
    this.counted = Math.max(0, this.measure() - this.seedBytes);
    if (this.counted + bytes > this.limitBytes) return false;
    this.counted += bytes;
    return true;
  }
}
