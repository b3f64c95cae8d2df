import type * as tf from "@tensorflow/tfjs-core";

/**
 * Keys and values of every layer for a batch of rows being decoded, [batch, kvHeads, length, headDim] each (keys
 * after q/k norm and RoPE). `keyValid` masks left padding; `positions` holds each slot's position id (what the
 * sliding window measures); `nextPositions` is the position the next token of each row takes. Call `dispose()`.
 */
export class DecoderKvCache {
  constructor(
    public keys: tf.Tensor4D[],
    public values: tf.Tensor4D[],
    readonly keyValid: boolean[][],
    readonly positions: number[][],
  ) {}

  get batch(): number {
    return this.keyValid.length;
  }

  get length(): number {
    return this.keyValid[0]?.length ?? 0;
  }

  /** The position the next fed token of each row takes. */
  nextPositions(): number[] {
    return this.positions.map((row, r) => {
      const valid = this.keyValid[r]!;
      for (let s = row.length - 1; s >= 0; s--) if (valid[s]) return row[s]! + 1;
      return 0;
    });
  }

  dispose(): void {
    for (const t of this.keys) t.dispose();
    for (const t of this.values) t.dispose();
    this.keys = [];
    this.values = [];
  }
}
