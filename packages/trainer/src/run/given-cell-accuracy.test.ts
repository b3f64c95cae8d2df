import { selectBackend, tokenLogprobs } from "@cosir/policy/tfjs";
import * as tf from "@tensorflow/tfjs-core";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { trainingTask } from "../rollout/training-data";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { type GivenCellProbe, givenCellAccuracy, givenCellProbes } from "./given-cell-accuracy";
import { type PolicyModel, createPolicyModel } from "./policy-model";

beforeAll(async () => {
  await selectBackend({ log: null });
});

/** The oracle: one probe at a time, the level's log-prob from tokenLogprobs and the argmax from the full logits. */
function oneByOne(pm: PolicyModel, probes: readonly GivenCellProbe[]) {
  let hits = 0;
  let probability = 0;
  for (const p of probes) {
    const ids = [...p.prompt, ...pm.tokenizer.encode(`SHARE o${p.option} a${p.attribute} ${p.level}`)];
    const tokens = tf.tensor2d([ids], [1, ids.length], "int32");
    const lp = tf.tidy(() => tokenLogprobs(pm.model, tokens).logprobs.dataSync());
    const logits = tf.tidy(() => pm.model.logits(tokens).arraySync()[0]![ids.length - 2]!);
    tokens.dispose();
    probability += Math.exp(lp[lp.length - 1]!);
    if (logits.indexOf(Math.max(...logits)) === ids[ids.length - 1]) hits++;
  }
  return { accuracy: hits / probes.length, probability: probability / probes.length };
}

describe("givenCellAccuracy", () => {
  it("matches a one-probe-at-a-time oracle, and sees a wrong level", async () => {
    const config = resolveTrainConfig({ preset: "smoke", overrides: [{ model: { tokenShift: true } }] });
    const pm = createPolicyModel(config.model, 3);
    try {
      const tasks = [0, 1, 2, 3].map((k) => trainingTask(config, "given-cell-test", k));
      const probes = await givenCellProbes(pm, tasks, teacherFromConfig(config), {
        maxNewTokens: config.rl.maxNewTokens,
        maxProbes: 9,
        seed: 5,
      });
      expect(probes.length).toBe(9);
      for (const p of probes) expect(tasks.some((t) => t.table[p.option]?.[p.attribute] === p.level)).toBe(true);
      const batched = givenCellAccuracy(pm, probes, 4);
      const oracle = oneByOne(pm, probes);
      expect(batched.accuracy).toBe(oracle.accuracy);
      expect(batched.probability).toBeCloseTo(oracle.probability, 5);
      // a planted mistake (every level off by one) is a different measurement
      const wrong = probes.map((p) => ({ ...p, level: p.level === 0 ? 1 : p.level - 1 }));
      expect(givenCellAccuracy(pm, wrong, 4).probability).not.toBeCloseTo(batched.probability, 5);
    } finally {
      pm.model.dispose();
    }
  }, 30_000);
});
