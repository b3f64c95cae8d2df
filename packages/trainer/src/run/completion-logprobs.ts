import * as tf from "@tensorflow/tfjs-core";
import {
  longestItem,
  packPrefixTreeParts,
  packSequences,
  prefixTreeLogprobs,
  tokenLogprobs,
  unpackCompletions,
  unpackPrefixTree,
  type PromptCompletion,
} from "@cosir/policy/tfjs";
import type { PolicyModel } from "./policy-model";

/**
 * Per-token log-probs of many prompt + completion pairs under a model, in batches of `batchSize` items, without
 * gradients (answers in the input order). `packing` "none": batches cut from the items sorted by length, so each
 * pads to about its own length. "prefixTree" (default): batches cut in input order and packed as prefix trees
 * (packPrefixTreeParts), so items that share a prefix (one seat's turns, in trajectory order) compute it once; the same
 * log-probs to float rounding.
 */
export function completionLogprobs(
  pm: PolicyModel,
  items: readonly PromptCompletion[],
  batchSize: number,
  packing: "prefixTree" | "none" = "prefixTree",
): number[][] {
  if (packing === "prefixTree") return treeLogprobs(pm, items, batchSize);
  const out: number[][] = new Array(items.length);
  const length = (i: number) =>
    (items[i] as PromptCompletion).prompt.length + (items[i] as PromptCompletion).completion.length;
  const order = [...items.keys()].sort((a, b) => length(a) - length(b) || a - b);
  for (let i = 0; i < order.length; i += batchSize) {
    const at = order.slice(i, i + batchSize);
    const packed = packSequences(
      at.map((k) => items[k] as PromptCompletion),
      { padToken: pm.tokenizer.pad },
    );
    const values = tf.tidy(() => tokenLogprobs(pm.model, packed.tokens).logprobs.dataSync());
    packed.tokens.dispose();
    packed.mask.dispose();
    unpackCompletions(packed, values).forEach((lps, j) => {
      out[at[j] as number] = lps;
    });
  }
  return out;
}

function treeLogprobs(pm: PolicyModel, items: readonly PromptCompletion[], batchSize: number): number[][] {
  const out: number[][] = items.map(() => []);
  const parts = packPrefixTreeParts(items, {
    maxColumns: longestItem(items),
    padToken: pm.tokenizer.pad,
    itemsPerPart: batchSize,
  });
  for (const { items: at, tree } of parts) {
    if (tree.targetRows.length === 0) continue;
    const values = tf.tidy(() => prefixTreeLogprobs(pm.model, tree, { inference: true }).logprobs.dataSync());
    unpackPrefixTree(tree, values).forEach((lps, j) => {
      out[at[j] as number] = lps;
    });
  }
  return out;
}
