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
