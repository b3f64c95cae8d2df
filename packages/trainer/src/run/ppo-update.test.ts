import { TransformerTrainer } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import { describe, expect, it } from "vitest";
import { learningRateAt } from "../rl/learning-rate";
import { rlFixture } from "../test/rl-fixture";
import { ppoUpdate } from "./ppo-update";
import { rlRollout } from "./rl-rollout";
import { rlSamples } from "./rl-samples";
import { scoreRollout } from "./score-rollout";

/** One update of a fresh smoke policy on its own first rollout. */
async function update(rl: Parameters<typeof rlFixture>[0], empty = false) {
  const fixture = await rlFixture({ dropZeroAdvantage: false, ...rl });
  const trainer = new TransformerTrainer(fixture.policy.model, { learningRate: 1e-3, clipNorm: 1 });
  try {
    const rollout = await rlRollout(fixture.config, fixture.policy, 0);
    const { samples } = rlSamples(
      fixture.policy,
      rollout,
      scoreRollout(rollout, fixture.config.rewards).rewards,
      fixture.config.rl,
    );
    const before = tf.memory().numTensors;
    const result = ppoUpdate({ ...fixture, trainer }, empty ? [] : samples, 0);
    // nothing left behind but Adam's moments, made on the first step (none when no step was taken)
    const moments = trainer.optimizer.step === 0 ? 0 : trainer.optimizer.stateTensors().size;
    expect(tf.memory().numTensors).toBe(before + moments);
    return { result, samples: empty ? 0 : samples.length, config: fixture.config, step: trainer.optimizer.step };
  } finally {
    trainer.dispose();
    fixture.dispose();
  }
}

describe("ppoUpdate", () => {
  it("takes one optimizer step per minibatch per epoch and reports each; reproducible", async () => {
    const { result, samples, config, step } = await update({ ppoEpochs: 2, minibatchSize: 4, microbatchSize: 2 });
    const steps = 2 * Math.ceil(samples / 4);
    expect(samples).toBeGreaterThan(0);
    expect(step).toBeGreaterThan(0);
    for (const series of [result.kl, result.entropy, result.clipFraction, result.policyLoss, result.gradNorm])
      expect(series).toHaveLength(steps);
    // the first minibatch starts at the old policy: no clipping, (almost) no KL yet
    expect(result.clipFraction[0]).toBe(0);
    expect(Math.abs(result.kl[0] as number)).toBeLessThan(1e-4);
    expect(result.learningRate).toBe(learningRateAt(0, config.rl));
    expect(result.trainedTokens).toBeGreaterThan(0);
    expect((await update({ ppoEpochs: 2, minibatchSize: 4, microbatchSize: 2 })).result).toEqual(result);
  });

  it("with no samples takes no step and still reports the learning rate", async () => {
    const { result, config, step } = await update({}, true);
    expect(step).toBe(0);
    expect(result).toEqual({
      kl: [],
      entropy: [],
      clipFraction: [],
      policyLoss: [],
      gradNorm: [],
      trainedTokens: 0,
      samplerMismatch: 0,
      learningRate: learningRateAt(0, config.rl),
    });
  });
});

describe("ppoUpdate's packing", () => {
  it('"prefixTree" takes the step "none" takes on the same minibatch: same loss, KL, entropy and gradient norm', async () => {
    const rl = { minibatchSize: 1000, microbatchSize: 3, klCoef: 0.1, entropyCoef: 0.01 };
    const tree = await update({ ...rl, packing: "prefixTree" });
    const none = await update({ ...rl, packing: "none" });
    expect(tree.samples).toBe(none.samples);
    expect(tree.result.gradNorm).toHaveLength(1);
    for (const key of ["policyLoss", "kl", "entropy", "clipFraction"] as const)
      expect(Math.abs((tree.result[key][0] as number) - (none.result[key][0] as number)), key).toBeLessThan(1e-5);
    const [a, b] = [tree.result.gradNorm[0] as number, none.result.gradNorm[0] as number];
    expect(Math.abs(a - b)).toBeLessThan(1e-4 * Math.max(1, b));
    // the shared prefixes are computed once
    expect(tree.result.trainedTokens).toBeLessThan(none.result.trainedTokens);
  });
});

describe("the reference pass", () => {
  it("is skipped when the KL weight is 0 or the reference's weights are the policy's, and run otherwise", async () => {
    const fixture = await rlFixture({ dropZeroAdvantage: false });
    const trainer = new TransformerTrainer(fixture.policy.model, { learningRate: 1e-3 });
    try {
      const rollout = await rlRollout(fixture.config, fixture.policy, 0);
      const { samples } = rlSamples(
        fixture.policy,
        rollout,
        scoreRollout(rollout, fixture.config.rewards).rewards,
        fixture.config.rl,
      );
      let calls = 0;
      const model = fixture.reference.model;
      const forwardTree = model.forwardTree.bind(model);
      model.forwardTree = (packed) => {
        calls++;
        return forwardTree(packed);
      };
      const run = (klCoef: number) => {
        calls = 0;
        const config = { ...fixture.config, rl: { ...fixture.config.rl, klCoef } };
        ppoUpdate(
          { ...fixture, config, trainer },
          samples.map((s) => ({ ...s })),
          0,
        );
        return calls;
      };
      // same weights (the first iteration from the base): the sampler's log-probs are the reference's
      expect(run(0.1)).toBe(0);
      // after that step the weights differ: the reference runs, unless its KL weight is 0
      expect(run(0.1)).toBeGreaterThan(0);
      expect(run(0)).toBe(0);
    } finally {
      trainer.dispose();
      fixture.dispose();
    }
  });
});
