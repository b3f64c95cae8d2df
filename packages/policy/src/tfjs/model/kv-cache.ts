import type * as tf from "@tensorflow/tfjs-core";

/**
 * Keys and values of every layer for a batch being decoded: keys stored pre-transposed
 * [batch * heads, headWidth, length] and values [batch * heads, length, headWidth], so each decode
 * step's two attention matmuls are untransposed. `keyValid` masks left padding; `nextPositions`
 * is the position id the next token of each row takes; `recentTokens` holds each row's last two
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

  /**
   * Swaps in the tensors of one decode step (disposing the old ones) and advances every row;
   * `tokens` are the ones that step fed, one per row (they become the most recent).
   */
  replace(keys: tf.Tensor3D[], values: tf.Tensor3D[], tokens?: ArrayLike<number>): void {
    for (const t of this.keys) t.dispose();
    for (const t of this.values) t.dispose();
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
