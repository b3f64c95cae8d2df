import * as tf from "@tensorflow/tfjs-core";
import "@tensorflow/tfjs-backend-cpu";
import "@tensorflow/tfjs-core/dist/register_all_gradients";
import { beforeAll, describe, expect, it } from "vitest";
import { ppoLoss } from "./ppo-loss";

beforeAll(async () => {
  await tf.setBackend("cpu");
});

describe("ppoLoss", () => {
  it("matches a hand-computed value on a tiny batch", () => {
    const before = tf.memory().numTensors;
    const lp = [Math.log(0.5), Math.log(0.2), Math.log(0.9), 0];
    const old = [Math.log(0.4), Math.log(0.4), Math.log(0.3), 0];
    const ref = [Math.log(0.5), Math.log(0.1), Math.log(0.9), 0];
    const adv = [1, -2, 0.5, 7];
    const mask = [1, 1, 1, 0];
    const ent = [0.3, 0.1, 0.2, 9];
    const out = tf.tidy(() => {
      const r = ppoLoss(
        {
          logprobs: tf.tensor2d([lp]),
          oldLogprobs: tf.tensor2d([old]),
          refLogprobs: tf.tensor2d([ref]),
          advantages: tf.tensor2d([adv]),
          mask: tf.tensor2d([mask]),
          entropy: tf.tensor2d([ent]),
        },
        { clipLow: 0.2, clipHigh: 0.28, klCoef: 0.1, entropyCoef: 0.01 },
      );
      return [r.loss, r.policyLoss, r.kl, r.entropy, r.clipFraction].map((t) => t.dataSync()[0] as number);
    });
    // By hand: ratios 1.25, 0.5, 3; tokens 0..2.
    // t0: A=1, min(1.25, clip 1.25) = 1.25 -> pg -1.25
    // t1: A=-2, unclipped -1, clipped 0.8*-2 = -1.6 -> min -1.6 -> pg 1.6 (clipped)
    // t2: A=0.5, unclipped 1.5, clipped 1.28*0.5 = 0.64 -> pg -0.64 (clipped)
    const pg = (-1.25 + 1.6 - 0.64) / 3;
    const k3 = (d: number) => Math.exp(d) - d - 1;
    const kl = (k3(0) + k3(Math.log(0.1) - Math.log(0.2)) + k3(0)) / 3;
    const entropy = 0.6 / 3;
    const [loss, policyLoss, klOut, entOut, clipFraction] = out as [number, number, number, number, number];
    expect(policyLoss).toBeCloseTo(pg, 5);
    expect(klOut).toBeCloseTo(kl, 5);
    expect(entOut).toBeCloseTo(entropy, 5);
    expect(clipFraction).toBeCloseTo(2 / 3, 5);
    expect(loss).toBeCloseTo(pg + 0.1 * kl - 0.01 * entropy, 5);
    expect(tf.memory().numTensors).toBe(before);
  });

  it("has the policy-gradient of -A at ratio 1 and no KL gradient at the reference", () => {
    const lp = tf.variable(tf.tensor2d([[Math.log(0.3), Math.log(0.6)]]));
    const g = tf.tidy(() => {
      const { grads } = tf.variableGrads(
        () =>
          ppoLoss(
            {
              logprobs: lp,
              oldLogprobs: tf.tensor2d([[Math.log(0.3), Math.log(0.6)]]),
              refLogprobs: tf.tensor2d([[Math.log(0.3), Math.log(0.6)]]),
              advantages: tf.tensor2d([[2, -1]]),
              mask: tf.tensor2d([[1, 1]]),
            },
            { klCoef: 1 },
          ).loss,
        [lp],
      );
      return Array.from(Object.values(grads)[0]!.dataSync());
    });
    expect(g[0]).toBeCloseTo(-2 / 2, 5);
    expect(g[1]).toBeCloseTo(1 / 2, 5);
    lp.dispose();
  });
});
