import { InvalidArgumentError } from "@cosir/bayes";
import type { DecoderModel } from "./decoder-model";

/** Rows of the LM head computed at once: [rows, vocab] floats (151k columns for Qwen3) bound the memory. */
const HEAD_CHUNK = 32;

/**
 * Log-probabilities of given tokens: for each sequence, log p(tokens[i] | tokens[<i]) for i >= `from[s]` (default 1),
 * the LM head computed only at those positions. Sequences of different lengths run as one right-padded batch.
 */
export function sequenceLogProbs(model: DecoderModel, sequences: number[][], from?: number[]): number[][] {
  if (sequences.length === 0) return [];
  const width = Math.max(...sequences.map((s) => s.length));
  const starts = sequences.map((s, i) => {
    const f = from?.[i] ?? 1;
    if (!Number.isInteger(f) || f < 1 || f > s.length)
      throw new InvalidArgumentError(`from[${i}]`, f, `an integer in [1, ${s.length}]`);
    return f;
  });
  const tokens = sequences.map((s) => [...s, ...Array<number>(width - s.length).fill(0)]);
  const valid = sequences.map((s) => Array.from({ length: width }, (_, i) => i < s.length));
  const { hidden, cache } = model.forward({ tokens, valid });
  const at: Array<[number, number, number]> = [];
  sequences.forEach((s, r) => {
    for (let i = starts[r]!; i < s.length; i++) at.push([r, i - 1, s[i]!]);
  });
  const out = sequences.map((s, r) => new Array<number>(s.length - starts[r]!));
  const fill = sequences.map((_, r) => 0 * r);
  try {
    for (let c = 0; c < at.length; c += HEAD_CHUNK) {
      const chunk = at.slice(c, c + HEAD_CHUNK);
      const logits = model.logitsAt(
        hidden,
        chunk.map(([r, i]) => [r, i] as const),
      );
      const rows = logits.dataSync();
      logits.dispose();
      const vocab = rows.length / chunk.length;
      // log-softmax in float64: a float32 sum over 151k terms drifts by ~1e-4, the size of the llama.cpp tolerance
      const values = chunk.map(([, , token], k) => {
        const row = rows.subarray(k * vocab, (k + 1) * vocab);
        let max = Number.NEGATIVE_INFINITY;
        for (let j = 0; j < vocab; j++) if (row[j]! > max) max = row[j]!;
        let sum = 0;
        for (let j = 0; j < vocab; j++) sum += Math.exp(row[j]! - max);
        return row[token]! - max - Math.log(sum);
      });
      chunk.forEach(([r], k) => {
        out[r]![fill[r]!++] = values[k]!;
      });
    }
  } finally {
    hidden.dispose();
    cache.dispose();
  }
  return out;
}
