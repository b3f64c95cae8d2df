// The demo configuration's CoSIR arm from the committed base, as the profiling scripts run it (rl-iterations.mjs,
// rl-profile.mjs): the policy, a frozen reference with the same weights, and a trainer at the demo's settings.
import { fileURLToPath } from "node:url";
import { TransformerTrainer, Transformer, loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { armConfig, resolveTrainConfig } from "@cosir/trainer";

export async function demoRlContext() {
  const committedBase = fileURLToPath(new URL("../../../models/demo-base/checkpoint", import.meta.url));
  await selectBackend({ log: null });
  const base = await loadCheckpoint(committedBase);
  const weights = await base.model.readWeights();
  const config = armConfig(resolveTrainConfig({ preset: "demo" }), "cosir");
  const policy = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const reference = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const trainer = new TransformerTrainer(policy.model, {
    learningRate: config.rl.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  return { config, policy, reference, trainer };
}
