// Shared by the RL tests of @cosir/policy's exact switches (heap-kernels-rl, lean-bookkeeping-rl): two demo iterations
// from the committed demo base with some switches set, compared with the same run under others.
import { fileURLToPath } from "node:url";
import { loadCheckpoint, Transformer, TransformerTrainer } from "@cosir/policy/tfjs";
import { expect } from "vitest";
import { armConfig } from "../config/arm-config";
import { resolveTrainConfig } from "../config/train-config";
import { rlIteration } from "../run/rl-iteration";

const committedBase = fileURLToPath(new URL("../../../../models/demo-base/checkpoint", import.meta.url));

/** Two iterations' metrics lines (without their timing) and the policy's weights after them. */
export interface DemoIterations {
  lines: Record<string, unknown>[];
  weights: Map<string, Float32Array>;
}

/**
 * Two demo iterations (of two tasks) from the committed base, the second with the reference pass, run after
 * `setSwitches()` and with its undo (the function it returns) run after them, whatever happens.
 */
export async function twoDemoIterations(setSwitches: () => () => void): Promise<DemoIterations> {
  const undo = setSwitches();
  const base = await loadCheckpoint(committedBase);
  const weights = await base.model.readWeights();
  base.model.dispose();
  const config = armConfig(
    resolveTrainConfig({ preset: "demo", overrides: [{ rl: { tasksPerIteration: 2 } }] }),
    "cosir",
  );
  const policy = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const reference = { model: new Transformer(base.model.config, { weights }), tokenizer: base.tokenizer };
  const trainer = new TransformerTrainer(policy.model, {
    learningRate: config.rl.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  try {
    const lines = [];
    for (let iteration = 0; iteration < 2; iteration++) {
      const { timing: _timing, ...line } = await rlIteration({ config, policy, reference, trainer }, iteration);
      lines.push(line);
    }
    return { lines, weights: await policy.model.readWeights() };
  } finally {
    undo();
    policy.model.dispose();
    reference.model.dispose();
    trainer.dispose();
  }
}

/** The second iteration trained, and both runs made the same metrics lines and the same weights bit for bit. */
export function expectSameIterations(a: DemoIterations, b: DemoIterations): void {
  expect(a.lines[1]?.samples).toBeGreaterThan(0);
  expect(a.lines).toEqual(b.lines);
  for (const [name, w] of b.weights) expect(Array.from(a.weights.get(name) ?? []), name).toEqual(Array.from(w));
}
