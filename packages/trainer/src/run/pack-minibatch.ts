import * as tf from "@tensorflow/tfjs-core";
import {
  alignCompletions,
  longestItem,
  packPrefixTreeParts,
  packSequences,
  type PackedPrefixTree,
  type PackedSequences,
} from "@cosir/policy/tfjs";
import type { PolicyModel } from "./policy-model";
import type { RlSample } from "./rl-samples";

/** One micro-batch of the PPO update: packed actions and their per-token old, reference and advantage values. */
export interface PackedSample {
  packed: PackedSequences;
  /** The micro-batch's share of the minibatch's action tokens. */
  weight: number;
  old: tf.Tensor2D;
  ref: tf.Tensor2D;
  advantages: tf.Tensor2D;
}

/**
 * A minibatch cut into micro-batches for one accumulated optimizer step: sorted by length and cut every
 * `microbatchSize` samples, each weighted by its share of the minibatch's action tokens, so the accumulated gradient
 * is that of the token-mean loss of the whole minibatch while each micro-batch pads only to its own longest
 * sequence. `trainedTokens` counts the padded positions. The caller disposes the tensors (disposePackedSample).
 */
export function packMinibatch(
  pm: PolicyModel,
  chunk: readonly RlSample[],
  microbatchSize: number,
): { parts: { batch: PackedSample; weight: number }[]; trainedTokens: number } {
  const byLength = [...chunk].sort(
    (x, y) => x.prompt.length + x.completion.length - (y.prompt.length + y.completion.length),
  );
  const tokens = chunk.reduce((n, s) => n + s.completion.length, 0);
  const parts: { batch: PackedSample; weight: number }[] = [];
  let trainedTokens = 0;
  for (let m = 0; m < byLength.length; m += microbatchSize) {
    const micro = byLength.slice(m, m + microbatchSize);
    const packed = packSequences(micro, { padToken: pm.tokenizer.pad });
    const weight = micro.reduce((n, s) => n + s.completion.length, 0) / tokens;
    parts.push({
      weight,
      batch: {
        packed,
        weight,
        old: alignCompletions(
          packed,
          micro.map((s) => s.old as number[]),
        ),
        ref: alignCompletions(
          packed,
          micro.map((s) => s.ref as number[]),
        ),
        advantages: alignCompletions(
          packed,
          micro.map((s) => s.tokenAdvantages ?? s.completion.map(() => s.advantage)),
        ),
      },
    });
    trainedTokens += packed.batch * packed.time;
  }
  return { parts, trainedTokens };
}

/** Frees a packed micro-batch's tensors. */
export function disposePackedSample(batch: PackedSample): void {
  for (const t of [batch.packed.tokens, batch.packed.mask, batch.old, batch.ref, batch.advantages]) t.dispose();
}

/** One micro-batch of the packed update: prefix-tree rows and, per action token (targets order), its values [1, targets]. */
export interface PackedTreeSample {
  tree: PackedPrefixTree;
  /** The micro-batch's share of the minibatch's action tokens. */
  weight: number;
  old: tf.Tensor2D;
  ref: tf.Tensor2D;
  advantages: tf.Tensor2D;
  /** Ones [1, targets]: ppoLoss's token mean over every target. */
  mask: tf.Tensor2D;
}

/**
 * A minibatch packed as prefix trees (packPrefixTree, rows of at most the context), cut into micro-batches of whole
 * rows, shortest rows first, each closed once it holds `microbatchSize` samples: each sample's tokens are computed
 * with the prefix it shares with the others in its row (one seat's turns, in trajectory order) and each action token
 * is a target of one forward/backward. Weighted by action tokens as packMinibatch is, so the accumulated gradient
 * is that of the minibatch's token-mean loss. `trainedTokens` counts the padded columns. Dispose with
 * disposePackedTreeSample.
 */
export function packMinibatchTree(
  pm: PolicyModel,
  chunk: readonly RlSample[],
  microbatchSize: number,
): { parts: { batch: PackedTreeSample; weight: number }[]; trainedTokens: number } {
  const tokens = chunk.reduce((n, s) => n + s.completion.length, 0);
  let trainedTokens = 0;
  const parts = packPrefixTreeParts(chunk, {
    maxColumns: longestItem(chunk),
    padToken: pm.tokenizer.pad,
    itemsPerPart: microbatchSize,
  }).map(({ items, tree }) => {
    const micro = items.map((k) => chunk[k] as RlSample);
    const weight = micro.reduce((n, s) => n + s.completion.length, 0) / tokens;
    const row = (f: (s: RlSample) => readonly number[]) =>
      tf.tensor2d(
        micro.flatMap((s) => [...f(s)]),
        [1, tree.targetRows.length],
      );
    trainedTokens += tree.batch * tree.time;
    const batch: PackedTreeSample = {
      tree,
      weight,
      old: row((s) => s.old as number[]),
      ref: row((s) => s.ref as number[]),
      advantages: row((s) => s.tokenAdvantages ?? s.completion.map(() => s.advantage)),
      mask: tf.ones([1, tree.targetRows.length]),
    };
    return { batch, weight };
  });
  return { parts, trainedTokens };
}

/** Frees a packed tree micro-batch's tensors. */
export function disposePackedTreeSample(batch: PackedTreeSample): void {
  for (const t of [batch.old, batch.ref, batch.advantages, batch.mask]) t.dispose();
}
