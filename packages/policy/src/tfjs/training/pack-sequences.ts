import * as tf from "@tensorflow/tfjs-core";
import { InvalidArgumentError } from "@cosir/bayes";

export interface PromptCompletion {
  /** Conditioning ids (e.g. bos, observation, separator). */
  prompt: readonly number[];
  /** Ids that are scored or learned (e.g. the sampled action, ending with eos). */
  completion: readonly number[];
  /**
   * Optional, aligned with `completion`: ids that are wrong at that position (e.g. the attribute of a cell the
   * speaker does not hold), pushed down by `nextTokenLossWithNegatives`; an empty or absent entry has none.
   */
  negatives?: readonly (readonly number[])[];
}

/** A right-padded batch of prompt + completion sequences, aligned with `tokenLogprobs`' output. */
export interface PackedSequences {
  /** [batch, time] int32 ids, padded with `padToken`. */
  tokens: tf.Tensor2D;
  /** [batch, time - 1] float: 1 where the target (token t + 1) is a completion token, else 0. */
  mask: tf.Tensor2D;
  batch: number;
  time: number;
  /** For each row, the column of `tokenLogprobs` that scores completion token 0 (= prompt length - 1). */
  completionStart: number[];
  /** Completion lengths. */
  completionLength: number[];
}

/**
 * Packs sequences into one right-padded batch (time = the longest, or `time` if given) with the
 * completion mask. Every prompt needs at least one token. Owned tensors: dispose `tokens` and `mask`.
 */
export function packSequences(
  items: readonly PromptCompletion[],
  options: { padToken?: number; time?: number } = {},
): PackedSequences {
  if (items.length === 0) throw new InvalidArgumentError("items", items, "expected at least one sequence");
  const longest = Math.max(...items.map((s) => s.prompt.length + s.completion.length));
  const time = options.time ?? longest;
  if (time < longest || time < 2)
    throw new InvalidArgumentError("time", time, `expected at least ${Math.max(2, longest)}`);
  const pad = options.padToken ?? 0;
  const batch = items.length;
  const ids = new Int32Array(batch * time).fill(pad);
  const mask = new Float32Array(batch * (time - 1));
  const completionStart: number[] = [];
  items.forEach((s, b) => {
    if (s.prompt.length === 0)
      throw new InvalidArgumentError(`items[${b}].prompt`, s.prompt, "expected at least one token");
    const row = [...s.prompt, ...s.completion];
    row.forEach((t, c) => (ids[b * time + c] = t));
    for (let j = 0; j < s.completion.length; j++) mask[b * (time - 1) + s.prompt.length - 1 + j] = 1;
    completionStart.push(s.prompt.length - 1);
  });
  return {
    tokens: tf.tensor2d(ids, [batch, time], "int32"),
    mask: tf.tensor2d(mask, [batch, time - 1], "float32"),
    batch,
    time,
    completionStart,
    completionLength: items.map((s) => s.completion.length),
  };
}

/**
 * Per-row completion values from a [batch, time - 1] array aligned with `tokenLogprobs` (e.g. the
 * log-probs of each action's tokens), in completion order.
 */
export function unpackCompletions(
  packed: Pick<PackedSequences, "time" | "completionStart" | "completionLength">,
  values: ArrayLike<number>,
): number[][] {
  return packed.completionStart.map((start, b) => {
    const out: number[] = [];
    for (let j = 0; j < packed.completionLength[b]!; j++) out.push(values[b * (packed.time - 1) + start + j]!);
    return out;
  });
}

/**
 * The inverse of `unpackCompletions`: lays per-token values of each completion (e.g. old log-probs,
 * advantages) out as [batch, time - 1] aligned with `tokenLogprobs`, zeros elsewhere.
 */
export function alignCompletions(
  packed: Pick<PackedSequences, "batch" | "time" | "completionStart" | "completionLength">,
  values: readonly (readonly number[])[],
): tf.Tensor2D {
  const out = new Float32Array(packed.batch * (packed.time - 1));
  packed.completionStart.forEach((start, b) => {
    const row = values[b];
    const n = packed.completionLength[b]!;
    if (row === undefined || row.length !== n)
      throw new InvalidArgumentError(`values[${b}]`, row?.length, `expected ${n} values (the completion's length)`);
    for (let j = 0; j < n; j++) out[b * (packed.time - 1) + start + j] = row[j]!;
  });
  return tf.tensor2d(out, [packed.batch, packed.time - 1]);
}

/**
 * The multi-hot [batch * (time - 1), vocab] float tensor of `items`' negative ids, aligned with `tokenLogprobs`' rows
 * (row b * (time - 1) + t scores token t + 1 of sequence b), for sequences packed by `packSequences` at `time`.
 * Owned tensor: dispose it.
 */
export function packNegatives(items: readonly PromptCompletion[], time: number, vocab: number): tf.Tensor2D {
  const out = new Float32Array(items.length * (time - 1) * vocab);
  items.forEach((s, b) => {
    const negatives = s.negatives;
    if (negatives === undefined) return;
    if (negatives.length > s.completion.length)
      throw new InvalidArgumentError(
        `items[${b}].negatives`,
        negatives.length,
        `expected at most ${s.completion.length} entries (the completion's length)`,
      );
    negatives.forEach((ids, j) => {
      const row = b * (time - 1) + s.prompt.length - 1 + j;
      for (const id of ids) {
        if (!(Number.isInteger(id) && id >= 0 && id < vocab))
          throw new InvalidArgumentError(`items[${b}].negatives[${j}]`, id, `expected token ids in 0..${vocab - 1}`);
        if (id === s.completion[j])
          throw new InvalidArgumentError(`items[${b}].negatives[${j}]`, id, "expected ids other than the target");
        out[row * vocab + id] = 1;
      }
    });
  });
  return tf.tensor2d(out, [items.length * (time - 1), vocab], "float32");
}
