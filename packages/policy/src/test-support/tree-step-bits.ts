import * as tf from "@tensorflow/tfjs-core";
import { expect } from "vitest";
import type { Transformer } from "../tfjs/model/transformer";
import { SeededRandom } from "../tfjs/seeded-random";
import type { packPrefixTree } from "../tfjs/training/pack-prefix-tree";
import { prefixTreeLogprobs } from "../tfjs/training/prefix-tree-logprobs";

/** A tensor's float32 values as their bit patterns, so equal means bit for bit. */
export const floatBits = (t: tf.Tensor): number[] =>
  Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

/**
 * Runs `run` with a switch on, then off, and expects the same outputs bit for bit (each a list of bit patterns), and
 * no tensor left behind by the switched-on run (`numTensors` as before it).
 */
export function expectSameBitsBothWays(run: (on: boolean) => number[][], numTensors: number): void {
  const on = run(true);
  expect(tf.memory().numTensors).toBe(numTensors);
  const off = run(false);
  expect(on.length).toBe(off.length);
  on.forEach((values, i) => expect(values, `output ${i}`).toEqual(off[i]));
}

/**
 * A train step's loss on a packed prefix tree, sum_k c_k log p(target k) + entropy with seeded normal c_k, and every
 * variable's gradient, as bit patterns (the bit-for-bit tests of the train step's kernels compare two paths with it).
 */
export function treeStepBits(
  m: Transformer,
  packed: ReturnType<typeof packPrefixTree>,
  seed: number,
): { loss: number[]; grads: Record<string, number[]> } {
  const rng = new SeededRandom(seed);
  const coefficients = Float32Array.from(packed.targetTokens, () => rng.normal());
  const { value, grads } = tf.variableGrads(() =>
    tf.tidy(() => {
      const { logprobs, entropy } = prefixTreeLogprobs(m, packed, { entropy: true });
      return tf.sum(tf.add(tf.mul(logprobs, tf.tensor1d(coefficients)), entropy as tf.Tensor1D)) as tf.Scalar;
    }),
  );
  const out = {
    loss: floatBits(value),
    grads: Object.fromEntries(Object.entries(grads).map(([k, g]) => [k, floatBits(g)])),
  };
  tf.dispose([value, ...Object.values(grads)]);
  return out;
}
