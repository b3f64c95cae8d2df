import * as tf from "@tensorflow/tfjs-core";
import { packSequences, tokenLogprobs, unpackCompletions, type PromptCompletion } from "@cosir/policy/tfjs";
import type { PolicyModel } from "./policy-model";

/**
 * Per-token log-probs of many prompt + completion pairs under a model, in batches, without gradients. Batches
 * are cut from the items sorted by length, so each pads to about its own length (answers in the input order).
 */
export function completionLogprobs(pm: PolicyModel, items: readonly PromptCompletion[], batchSize: number): number[][] {
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
