import type { TrainConfig } from "../config/train-config";
import { completionLogprobs } from "./completion-logprobs";
import type { PolicyModel } from "./policy-model";
import type { RlSample } from "./rl-samples";

/**
 * Sets each sample's "old" log-probs (PPO's ratio) and the reference's (the KL), before any update, and returns the
 * largest gap between the sampler's log-probs and the learner's recomputation (`samplerMismatch`).
 * `rl.oldLogprobs` "sampler": the log-probs recorded while sampling are the old ones (the same model and tokens,
 * temperature 1 unfiltered), so only actions without them are recomputed; "recompute" recomputes all and measures
 * the gap.
 */
export function attachLogprobs(
  samples: readonly RlSample[],
  models: { policy: PolicyModel; reference: PolicyModel },
  rl: TrainConfig["rl"],
): number {
  const recompute =
    rl.oldLogprobs === "sampler" ? samples.filter((s) => s.sampled.length !== s.completion.length) : samples;
  const old = completionLogprobs(models.policy, recompute, rl.minibatchSize);
  recompute.forEach((s, i) => {
    s.old = old[i];
  });
  const ref = completionLogprobs(models.reference, samples, rl.minibatchSize);
  samples.forEach((s, i) => {
    s.old ??= s.sampled;
    s.ref = ref[i];
  });
  let samplerMismatch = 0;
  for (const s of recompute)
    (s.old ?? []).forEach((lp, j) => {
      // The sampler's log-probs and the learner's recomputation must agree (same model, same tokens).
      samplerMismatch = Math.max(samplerMismatch, Math.abs(lp - (s.sampled[j] ?? lp)));
    });
  return samplerMismatch;
}
