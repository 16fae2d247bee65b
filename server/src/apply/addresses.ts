/**
 * Members' addresses by key, and their keys by address, in typed arrays: the 20 bytes of member
 * k's address at k × 20, and an open-addressing table (linear probing) of keys over them. A
 * million members take 20 MB of bytes and an 8 MB table, built from a snapshot's bytes in a few
 * hundred milliseconds, where a Map of a million address strings takes seconds to fill.
 */
export class AddressIndex {
  private bytes = new Uint8Array(20 * 1024);
  /** Keys by slot; -1 for an empty slot. Kept at most half full. */
  private slots = new Int32Array(2048).fill(-1);
  private count = 0;
  /** The address being looked up, as bytes. */
  private readonly probe = new Uint8Array(20);

  /** How many members it holds (keys 0..size-1). */
  get size(): number {
    return this.count;
  }

  /** The 20 bytes of every address, by key. */
  raw(): Uint8Array {
    return this.bytes.subarray(0, this.count * 20);
  }

  /**
   * Takes the addresses of keys 0..n-1 from `raw` (20 bytes each): a snapshot of an index, whose
   * addresses are distinct (not checked again: that would double the time it takes).
   */
  static from(raw: Uint8Array): AddressIndex {
    if (raw.length % 20 !== 0) throw new Error(`${raw.length} bytes are not a whole number of addresses.`);
    const index = new AddressIndex();
    const n = raw.length / 20;
    index.bytes = new Uint8Array(Math.max(20 * 1024, raw.length));
    index.bytes.set(raw);
    index.slots = new Int32Array(tableSize(n)).fill(-1);
    index.count = n;
    for (let id = 0; id < n; id++) index.insert(id);
    return index;
  }

  /** The key of `address` (0x and 40 hex digits, lower-case), or undefined. */
  get(address: string): number | undefined {
    if (!this.read(address)) return undefined;
    const slot = this.slotOf(this.probe, 0);
    return slot === -1 ? undefined : this.slots[slot];
  }

  /** Adds `address` as key `size`; returns the key. */
  add(address: string): number {
    if (!this.read(address)) throw new Error(`${address} is not an address.`);
    if (this.slotOf(this.probe, 0) !== -1) throw new Error(`${address} is held already.`);
    const id = this.count;
    if ((id + 1) * 20 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes.set(this.probe, id * 20);
    this.count++;
    if (this.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.insert(id);
    return id;
  }

  /** Member k's address. */
  address(id: number): string {
    return `0x${Buffer.from(this.bytes.buffer, this.bytes.byteOffset + id * 20, 20).toString("hex")}`;
  }

  /** Drops the keys `from` and up. */
  truncate(from: number): void {
    if (from >= this.count) return;
    this.count = from;
    this.rehash(tableSize(from));
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size).fill(-1);
    for (let id = 0; id < this.count; id++) this.insert(id);
  }

  /** Puts key `id` (whose bytes are in place, and held by no other key) into the table. */
  private insert(id: number): void {
    const mask = this.slots.length - 1;
    let slot = hash(this.bytes, id * 20) & mask;
    while (this.slots[slot] !== -1) slot = (slot + 1) & mask;
    this.slots[slot] = id;
  }

  /** The slot holding the address at `at` in `source`, or -1. */
  private slotOf(source: Uint8Array, at: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash(source, at) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot];
      if (id === -1) return -1;
      if (equal(this.bytes, id * 20, source, at)) return slot;
    }
  }

  /** Reads `address` into the probe; false when it is not 0x and 40 hex digits. */
  private read(address: string): boolean {
    if (address.length !== 42 || address.charCodeAt(0) !== 48 || (address.charCodeAt(1) | 32) !== 120) return false;
    for (let i = 0; i < 20; i++) {
      const high = nibble(address.charCodeAt(2 + i * 2));
      const low = nibble(address.charCodeAt(3 + i * 2));
      if (high < 0 || low < 0) return false;
      this.probe[i] = (high << 4) | low;
    }
    return true;
  }
}

/** A power of two at least twice `n`. */
const tableSize = (n: number) => 2 ** Math.max(11, Math.ceil(Math.log2(Math.max(1, n) * 2 + 1)));

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** FNV-1a over the 20 bytes: chain addresses are uniform, but test and benchmark ones are counters. */
function hash(bytes: Uint8Array, at: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < at + 20; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

function equal(a: Uint8Array, i: number, b: Uint8Array, j: number): boolean {
  for (let k = 0; k < 20; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}
