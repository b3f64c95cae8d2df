import * as tf from "@tensorflow/tfjs-core";
import { padRows } from "./wasm-heap-kernels";

/**
 * Keys and values of every layer for a batch being decoded: keys stored pre-transposed
 * [batch * heads, headWidth, length] and values [batch * heads, length, headWidth], so each decode
 * step's two attention matmuls are untransposed; or, once `makeRoom` has run (decode steps with
 * setDecodeCacheInPlace), held with room to grow: [batch * heads, headWidth, capacity] and [batch * heads, capacity,
 * headWidth], the first `length` columns (rows) in use and the rest zero until a step writes them (`held`).
 * `keyValid` masks left padding; `nextPositions` is the position id the next token of each row takes; `recentTokens` holds each row's last two
 * tokens, most recent first, -1 where the row has fewer (what a token-shift model's next input
 * needs). Owned tensors: call `dispose()`.
 */
export class KvCache {
  readonly recentTokens: [number, number][];

  constructor(
    public keys: tf.Tensor3D[],
    public values: tf.Tensor3D[],
    readonly keyValid: boolean[][],
    readonly nextPositions: number[],
    recentTokens?: readonly (readonly [number, number])[],
  ) {
    this.recentTokens = nextPositions.map((_, r) => {
      const recent = recentTokens?.[r];
      return recent === undefined ? [-1, -1] : [recent[0], recent[1]];
    });
  }

  get batch(): number {
    return this.nextPositions.length;
  }

  /** Columns held (prompt width + decoded steps). */
  get length(): number {
    return this.keyValid[0]?.length ?? 0;
  }

  /** Whether the keys and values are held with room to grow (more columns than `length`). */
  get held(): boolean {
    const keys = this.keys[0];
    return keys !== undefined && this.batch > 0 && keys.shape[2] > this.length;
  }

  /**
   * Makes room for at least one more column without a copy per step: where the keys have no column past `length`,
   * every layer's keys and values are copied once into zero-padded tensors of `capacity` columns (rows); a decode step
   * then writes its column in place. Returns whether the cache is held with room.
   */
  makeRoom(capacity: number): boolean {
    const length = this.length;
    if (this.held || this.keys.length === 0 || capacity <= length) return this.held;
    const grown = tf.tidy(() => ({
      keys: this.keys.map((k) => tf.keep(padRows(k, 2, capacity))),
      values: this.values.map((v) => tf.keep(padRows(v, 1, capacity))),
    }));
    for (const t of [...this.keys, ...this.values]) t.dispose();
    this.keys = grown.keys;
    this.values = grown.values;
    return true;
  }

  /**
   * Swaps in the tensors of one decode step (disposing the old ones, but not those it keeps: a cache held with room
   * is written in place) and advances every row; `tokens` are the ones that step fed, one per row (they become the
   * most recent).
   */
  replace(keys: tf.Tensor3D[], values: tf.Tensor3D[], tokens?: ArrayLike<number>): void {
    for (const t of this.keys) if (!keys.includes(t)) t.dispose();
    for (const t of this.values) if (!values.includes(t)) t.dispose();
    this.keys = keys;
    this.values = values;
    for (const valid of this.keyValid) valid.push(true);
    for (let r = 0; r < this.nextPositions.length; r++) {
      this.nextPositions[r]! += 1;
      const recent = this.recentTokens[r]!;
      this.recentTokens[r] = [tokens?.[r] ?? -1, recent[0]];
    }
  }

  dispose(): void {
    for (const t of this.keys) t.dispose();
    for (const t of this.values) t.dispose();
    this.keys = [];
    this.values = [];
  }
}
