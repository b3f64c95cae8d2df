// Shared by the RL iteration's unit tests: a smoke-sized policy and reference, and the first rollout of a run.
import { selectBackend } from "@cosir/policy/tfjs";
import { resolveTrainConfig, type TrainConfig, type TrainConfigInput } from "../config/train-config";
import { derivedSeed } from "../rollout/training-data";
import { createPolicyModel, type PolicyModel } from "../run/policy-model";

/** A smoke config (two tasks x two episodes, short actions) with `rl` overrides, and a fresh policy and reference. */
export async function rlFixture(
  rl: TrainConfigInput["rl"] = {},
): Promise<{ config: TrainConfig; policy: PolicyModel; reference: PolicyModel; dispose: () => void }> {
  await selectBackend({ log: null });
  const config = resolveTrainConfig({ preset: "smoke", overrides: [{ rl: { maxNewTokens: 8, ...rl } }] });
  const policy = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
  const reference = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
  return {
    config,
    policy,
    reference,
    dispose: () => {
      policy.model.dispose();
      reference.model.dispose();
    },
  };
}
