// An open-addressing hash index from a pair of small non-negative integers to a dense id (0, 1, 2, … in insertion
// order). The counter keys its 2-word keywords by (word id, word id) and its 3-word keywords by (2-word id, word id),
// so counting a phrase builds no string and allocates nothing.

export class PairIndex {
  /** Slot -> id + 1; 0 is empty. Linear probing; at most half full. */
  private slots: Int32Array;
  private mask: number;
  first: Int32Array;
  second: Int32Array;
  size = 0;

  constructor(capacity = 1024) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Int32Array(slots);
    this.mask = slots - 1;
    this.first = new Int32Array(Math.max(8, capacity));
    this.second = new Int32Array(Math.max(8, capacity));
  }

  /** The id of (a, b), or -1. */
  get(a: number, b: number): number {
    const slots = this.slots;
    const mask = this.mask;
    for (let h = hash(a, b) & mask; ; h = (h + 1) & mask) {
      const s = slots[h] ?? 0;
      if (s === 0) return -1;
      const id = s - 1;
      if (this.first[id] === a && this.second[id] === b) return id;
    }
  }

  /** The id of (a, b), added when new (check `size` before and after to know). */
  getOrAdd(a: number, b: number): number {
    const slots = this.slots;
    const mask = this.mask;
    let h = hash(a, b) & mask;
    for (; ; h = (h + 1) & mask) {
      const s = slots[h] ?? 0;
      if (s === 0) break;
      const id = s - 1;
      if (this.first[id] === a && this.second[id] === b) return id;
    }
    const id = this.size++;
    if (id >= this.first.length) {
      this.first = grow(this.first, id + 1);
      this.second = grow(this.second, id + 1);
    }
    this.first[id] = a;
    this.second[id] = b;
    slots[h] = id + 1;
    if (this.size * 2 > slots.length) this.rehash(slots.length * 2);
    return id;
  }

  private rehash(length: number): void {
    const slots = new Int32Array(length);
    const mask = length - 1;
    for (let id = 0; id < this.size; id++) {
      let h = hash(this.first[id] ?? 0, this.second[id] ?? 0) & mask;
      while ((slots[h] ?? 0) !== 0) h = (h + 1) & mask;
      slots[h] = id + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

function hash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

export function grow<T extends Int32Array | Float64Array | Uint8Array>(array: T, atLeast: number): T {
  let length = Math.max(8, array.length);
  while (length < atLeast) length *= 2;
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}
