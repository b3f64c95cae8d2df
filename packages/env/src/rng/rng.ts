import { InvalidArgumentError } from "@cosir/bayes";
import { hashSeed } from "./hash-seed";

/**
 * Seeded PRNG: sfc32 (Chris Doty-Humphrey's small fast counting generator) on four 32-bit words.
 * Plain 32-bit integer arithmetic, so the stream is identical in every JavaScript engine and process;
 * `state()` / `Rng.fromState()` let a trainer save and resume it exactly.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string = 0) {
    const s =
      typeof seed === "number" && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff ? seed : hashSeed(seed);
    // splitmix32 expands the seed into four well-mixed words
    let x = s >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = 1; // counter word
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** Restores a generator from `state()`; four unsigned 32-bit integers. */
  static fromState(state: readonly number[]): Rng {
    if (!Array.isArray(state) || state.length !== 4)
      throw new InvalidArgumentError("state", state, "expected 4 unsigned 32-bit integers");
    state.forEach((w, i) => {
      if (!Number.isInteger(w) || w < 0 || w > 0xffffffff)
        throw new InvalidArgumentError(`state[${i}]`, w, "expected an unsigned 32-bit integer");
    });
    const rng = new Rng(0);
    [rng.a, rng.b, rng.c, rng.d] = state.map((w) => w | 0) as [number, number, number, number];
    return rng;
  }

  /** The four state words, as unsigned 32-bit integers (JSON-safe). */
  state(): number[] {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Next unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in 0..n-1 (n a positive integer up to 2^32). */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 4294967296)
      throw new InvalidArgumentError("n", n, "expected an integer in 1..2^32");
    return Math.floor(this.next() * n);
  }

  /** Uniform element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new InvalidArgumentError("items", items, "expected a non-empty array");
    return items[this.int(items.length)] as T;
  }

  /** Fisher-Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }

  /**
   * An independent generator derived from this one's current state and the labels, without advancing
   * this one: `rng.fork("table")` and `rng.fork("visibility")` give unrelated, reproducible streams.
   */
  fork(...labels: readonly (number | string)[]): Rng {
    return new Rng(hashSeed(...this.state(), ...labels));
  }
}
