import type { Transformer } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { completionLogprobs } from "./completion-logprobs";
import type { PolicyModel } from "./policy-model";
import type { RlSample } from "./rl-samples";

/**
 * Sets each sample's "old" log-probs (PPO's ratio) and the reference's (the KL), before any update, and returns the
 * largest gap between the sampler's log-probs and the learner's recomputation (`samplerMismatch`).
 * `rl.oldLogprobs` "sampler": the log-probs recorded while sampling are the old ones (the same model and tokens,
 * temperature 1 unfiltered), so only actions without them are recomputed; "recompute" recomputes all and measures
 * the gap. The reference's forward pass is skipped where its answer is known without it: with `rl.klCoef` 0 the
 * KL term is multiplied by 0, so the old log-probs stand in (the reported `kl` is then the one to the sampling
 * policy); and when the reference's weights equal the policy's bit for bit (the first iteration of a run from its
 * base, before any step), the reference is the sampling policy, so its log-probs are the old ones.
 */
export function attachLogprobs(
  samples: readonly RlSample[],
  models: { policy: PolicyModel; reference: PolicyModel },
  rl: TrainConfig["rl"],
): number {
  const recompute =
    rl.oldLogprobs === "sampler" ? samples.filter((s) => s.sampled.length !== s.completion.length) : samples;
  // prefix trees: parts of a micro-batch's size pad less (rows of one part have about the same length)
  const batchSize = rl.packing === "prefixTree" ? rl.microbatchSize : rl.minibatchSize;
  const old = completionLogprobs(models.policy, recompute, batchSize, rl.packing);
  recompute.forEach((s, i) => {
    s.old = old[i];
  });
  for (const s of samples) s.old ??= s.sampled;
  const skipReference = rl.klCoef === 0 || sameWeights(models.policy.model, models.reference.model);
  const ref = skipReference ? undefined : completionLogprobs(models.reference, samples, batchSize, rl.packing);
  samples.forEach((s, i) => {
    s.ref = ref === undefined ? s.old : ref[i];
  });
  let samplerMismatch = 0;
  for (const s of recompute)
    (s.old ?? []).forEach((lp, j) => {
      // The sampler's log-probs and the learner's recomputation must agree (same model, same tokens).
      samplerMismatch = Math.max(samplerMismatch, Math.abs(lp - (s.sampled[j] ?? lp)));
    });
  return samplerMismatch;
}

/** Whether two models hold the same configuration and bit-identical weights (a few hundred thousand compares). */
function sameWeights(a: Transformer, b: Transformer): boolean {
  if (a === b) return true;
  if (JSON.stringify(a.config) !== JSON.stringify(b.config)) return false;
  for (const [name, va] of a.variables) {
    const vb = b.variables.get(name);
    if (vb === undefined || vb.size !== va.size) return false;
    const x = va.dataSync();
    const y = vb.dataSync();
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  }
  return true;
}
