import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { scaledSum, scaledSumKernel, setHeapWasm } from "../model/wasm-heap-kernels";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** A float32 value of any sign and magnitude from 1e-30 to 1e30, or a zero of either sign. */
const value = fc.oneof(
  fc.constantFrom(0, -0),
  fc
    .tuple(fc.double({ min: -30, max: 30, noNaN: true }), fc.boolean())
    .map(([e, negative]) => Math.fround((negative ? -1 : 1) * 10 ** e)),
);

const sumCase = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.boolean())
  .chain(([rows, columns, withSum]) =>
    fc.record({
      shape: fc.constant([rows, columns]),
      g: fc.array(value, { minLength: rows * columns, maxLength: rows * columns }),
      sum: withSum ? fc.array(value, { minLength: rows * columns, maxLength: rows * columns }) : fc.constant(undefined),
      weight: fc.oneof(fc.double({ min: 1e-4, max: 1, noNaN: true }), fc.constantFrom(1, 0.1, 1 / 3)),
    }),
  );

function bits(t: tf.Tensor): number[] {
  return Array.from(new Uint32Array(t.dataSync().slice().buffer));
}

/** scaledSum's and tf.add(sum, tf.mul(g, weight))'s bits, in that order. */
function both(c: { shape: readonly number[]; g: number[]; sum?: number[]; weight: number }): [number[], number[]] {
  return tf.tidy(() => {
    const g = tf.tensor(c.g, [...c.shape]);
    const sum = c.sum === undefined ? undefined : tf.tensor(c.sum, [...c.shape]);
    const fused = scaledSum(g, c.weight, sum);
    if (fused === undefined) throw new Error("scaledSum did not run on tfjs-wasm");
    const product = tf.mul(g, c.weight);
    return [bits(fused), bits(sum === undefined ? product : tf.add(sum, product))];
  });
}

describe("scaledSum (a part's gradient added to the sum so far in one kernel)", () => {
  it("equals tf.add(sum, tf.mul(g, weight)) bit for bit, as WebAssembly and as JavaScript", () => {
    const before = tf.memory().numTensors;
    for (const wasm of [true, false]) {
      const previous = setHeapWasm(wasm);
      try {
        fc.assert(
          fc.property(sumCase, (c) => {
            const [fused, kernels] = both(c);
            expect(fused).toEqual(kernels);
          }),
          { seed: 45, numRuns: 200 },
        );
      } finally {
        setHeapWasm(previous);
      }
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it("gives the kernels' values on a known case (a weight of 1/3, -0 alone)", () => {
    const [fused, kernels] = both({ shape: [1, 2], g: [3, 0.5], sum: [1, -0], weight: 1 / 3 });
    expect(fused).toEqual(kernels);
    const [alone] = both({ shape: [1, 1], g: [-0], weight: 0.5 });
    expect(alone).toEqual([0x80000000]);
  });

  it("is one kernel", async () => {
    const g = tf.ones([2, 2]);
    const profile = await tf.profile(() => tf.tidy(() => scaledSum(g, 0.5, g)));
    expect(profile.kernels.map((k) => k.name)).toEqual([scaledSumKernel]);
    g.dispose();
  });
});
