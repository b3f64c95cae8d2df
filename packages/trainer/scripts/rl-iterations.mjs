#!/usr/bin/env node
// Runs a few demo RL iterations from the committed base on today's step, for `node --cpu-prof` (README, "The RL
// step"): iteration 0 warms up, then `--iterations N` (default 4) more; prints each one's wall and CPU seconds.
//   pnpm build && node --cpu-prof --cpu-prof-dir=/tmp/prof packages/trainer/scripts/rl-iterations.mjs
import { fileURLToPath } from "node:url";
import { TransformerTrainer, Transformer, loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { armConfig, resolveTrainConfig, rlIteration } from "@cosir/trainer";

const committedBase = fileURLToPath(new URL("../../../models/demo-base/checkpoint", import.meta.url));
const at = process.argv.indexOf("--iterations");
const iterations = at >= 0 ? Number(process.argv[at + 1]) : 4;
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
const context = { config, policy, reference, trainer };
for (let it = 0; it <= iterations; it++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const line = await rlIteration(context, it);
  const used = process.cpuUsage(cpu);
  console.log(
    `iteration ${it}: wall ${((performance.now() - start) / 1000).toFixed(2)} s, cpu ${((used.user + used.system) / 1e6).toFixed(2)} s, rollout ${line.timing.rolloutSeconds.toFixed(2)} s, episodes ${line.episodes}`,
  );
}
