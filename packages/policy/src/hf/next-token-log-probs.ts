import type { DecoderModel } from "./decoder-model";

/**
 * The whole next-token log-prob vector (float64 log-softmax of the LM head) after the last token of each row; rows
 * of different lengths run as one right-padded batch, the head computed only at each row's last slot.
 */
export function nextTokenLogProbs(model: DecoderModel, rows: number[][]): Float64Array[] {
  const width = Math.max(...rows.map((r) => r.length));
  const tokens = rows.map((r) => [...r, ...Array<number>(width - r.length).fill(0)]);
  const valid = rows.map((r) => Array.from({ length: width }, (_, i) => i < r.length));
  const { hidden, cache } = model.forward({ tokens, valid });
  try {
    const logits = model.logitsAt(
      hidden,
      rows.map((r, i) => [i, r.length - 1] as const),
    );
    const data = logits.dataSync();
    logits.dispose();
    const vocab = data.length / rows.length;
    return rows.map((_, i) => {
      const row = data.subarray(i * vocab, (i + 1) * vocab);
      let max = Number.NEGATIVE_INFINITY;
      for (let j = 0; j < vocab; j++) if (row[j]! > max) max = row[j]!;
      let sum = 0;
      for (let j = 0; j < vocab; j++) sum += Math.exp(row[j]! - max);
      const lse = max + Math.log(sum);
      const out = new Float64Array(vocab);
      for (let j = 0; j < vocab; j++) out[j] = row[j]! - lse;
      return out;
    });
  } finally {
    hidden.dispose();
    cache.dispose();
  }
}
