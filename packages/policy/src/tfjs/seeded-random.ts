import { InvalidArgumentError } from "@cosir/bayes";

/**
 * A small, fast, serialisable pseudo-random generator (xoshiro128**), so sampling and weight
 * initialisation are reproducible from a seed and resumable from a saved state, on every back end.
 */
export class SeededRandom {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number | readonly number[]) {
    if (Array.isArray(seed)) {
      if (seed.length !== 4 || seed.some((x) => !Number.isInteger(x))) {
        throw new InvalidArgumentError("state", seed, "expected 4 integers from SeededRandom.state()");
      }
      this.s0 = seed[0]! >>> 0;
      this.s1 = seed[1]! >>> 0;
      this.s2 = seed[2]! >>> 0;
      this.s3 = seed[3]! >>> 0;
      if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
      return;
    }
    const n = seed as number;
    if (!Number.isFinite(n)) throw new InvalidArgumentError("seed", seed, "expected a finite number");
    // splitmix32 expands one number into four well-mixed words
    let x = (Math.trunc(n) ^ Math.trunc(n / 0x100000000)) >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** The full state; `new SeededRandom(state)` continues the same stream. */
  state(): [number, number, number, number] {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 = (this.s2 ^ this.s0) >>> 0;
    this.s3 = (this.s3 ^ this.s1) >>> 0;
    this.s1 = (this.s1 ^ this.s2) >>> 0;
    this.s0 = (this.s0 ^ this.s3) >>> 0;
    this.s2 = (this.s2 ^ t) >>> 0;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform in [0, 1) with 53 random bits. */
  next(): number {
    const hi = this.nextUint32() >>> 5;
    const lo = this.nextUint32() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    let u = this.next();
    while (u <= 0) u = this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An independent generator derived from this one (consumes two draws). */
  fork(): SeededRandom {
    return new SeededRandom([this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()]);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
