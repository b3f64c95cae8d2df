import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { selectBackend } from "../backend";
import { adamUpdateKernel, setHeapWasm } from "../model/wasm-heap-kernels";
import { AdamOptimizer, type AdamOptions, setFusedAdam } from "./adam-optimizer";

beforeAll(async () => {
  await selectBackend({ backend: "wasm", log: null });
});

/** A float32 value of any sign and magnitude from 1e-6 to 1e3, or a zero of either sign. */
const value = fc.oneof(
  fc.constantFrom(0, -0),
  fc
    .tuple(fc.double({ min: -6, max: 3, noNaN: true }), fc.boolean())
    .map(([e, negative]) => Math.fround((negative ? -1 : 1) * 10 ** e)),
);

interface AdamCase {
  shapes: number[][];
  weights: number[][];
  grads: number[][][];
  scales: ("tensor" | number)[];
  options: AdamOptions;
}

/** Two or three variables (one an embedding, which weight decay skips), three steps of gradients. */
const adamCase: fc.Arbitrary<AdamCase> = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.tuple(fc.integer({ min: 1, max: 70 })).map((s) => [...s]),
        fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 })).map((s) => [...s]),
      ),
      { minLength: 2, maxLength: 3 },
    ),
    fc.record({
      learningRate: fc.double({ min: 1e-5, max: 0.1, noNaN: true }),
      beta1: fc.constantFrom(0.9, 0.8, 0.5),
      beta2: fc.constantFrom(0.999, 0.99, 0.95),
      epsilon: fc.constantFrom(1e-8, 1e-6, 1e-3),
      weightDecay: fc.constantFrom(0, 0.01, 0.1),
    }),
    fc.array(fc.oneof(fc.constant("tensor" as const), fc.constantFrom(1, 0.5, 0.3, 1.7)), {
      minLength: 3,
      maxLength: 3,
    }),
  )
  .chain(([shapes, options, scales]) => {
    const sized = (shape: number[]) => fc.array(value, { minLength: size(shape), maxLength: size(shape) });
    return fc.record({
      shapes: fc.constant(shapes),
      weights: fc.tuple(...shapes.map(sized)),
      grads: fc.array(fc.tuple(...shapes.map(sized)), { minLength: 3, maxLength: 3 }),
      scales: fc.constant(scales),
      options: fc.constant(options),
    });
  });

function size(shape: number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

/** Every weight and moment after the case's three steps, as float32 bits, with setFusedAdam(fused). */
function stepBits(c: AdamCase, fused: boolean): number[][] {
  const previous = setFusedAdam(fused);
  const names = c.shapes.map((_, i) => (i === 0 ? "tok_emb.weight" : `w${i}`));
  const variables = new Map(
    c.shapes.map((shape, i) => [
      names[i] as string,
      tf.tidy(() => tf.variable(tf.tensor(c.weights[i] as number[], shape))),
    ]),
  );
  const optimizer = new AdamOptimizer(c.options);
  try {
    c.grads.forEach((step, s) => {
      tf.tidy(() => {
        const grads = Object.fromEntries(
          c.shapes.map((shape, i) => [names[i] as string, tf.tensor(step[i] as number[], shape)]),
        );
        const kind = c.scales[s] as "tensor" | number;
        // the clipping factor as the trainer makes it: a float32 scalar tensor
        const scale = kind === "tensor" ? (tf.minimum(1, tf.div(0.7, tf.scalar(1.3))) as tf.Scalar) : kind;
        optimizer.apply(variables, grads, scale);
      });
    });
    const out = [...variables.values()].map((v) => Array.from(new Uint32Array(v.dataSync().slice().buffer)));
    for (const [key, t] of optimizer.stateTensors())
      out.push([key.length, ...new Uint32Array(t.dataSync().slice().buffer)]);
    return out;
  } finally {
    optimizer.dispose();
    for (const v of variables.values()) v.dispose();
    setFusedAdam(previous);
  }
}

describe("an Adam step as one kernel per variable (setFusedAdam)", () => {
  it("gives the weights and moments of the thirteen-kernel step bit for bit (three steps, any scale, decay)", () => {
    const before = tf.memory().numTensors;
    fc.assert(
      fc.property(adamCase, (c) => {
        expect(stepBits(c, true)).toEqual(stepBits(c, false));
      }),
      { seed: 45, numRuns: 150 },
    );
    expect(tf.memory().numTensors).toBe(before);
  });

  it("gives them bit for bit with its loop as JavaScript too (setHeapWasm(false))", () => {
    const previous = setHeapWasm(false);
    try {
      fc.assert(
        fc.property(adamCase, (c) => {
          expect(stepBits(c, true)).toEqual(stepBits(c, false));
        }),
        { seed: 46, numRuns: 60 },
      );
    } finally {
      setHeapWasm(previous);
    }
  });

  it("runs as one kernel per variable on tfjs-wasm (a known case, equal to the kernels' step)", () => {
    const c: AdamCase = {
      shapes: [[2], [2, 2]],
      weights: [
        [0.5, -0.25],
        [1, 2, -3, 1e-3],
      ],
      grads: [
        [
          [0.1, -0.2],
          [0.3, 0, -0, 5],
        ],
        [
          [1e-6, 2],
          [-0.7, 0.01, 3, -2],
        ],
        [
          [0, 0],
          [1, 1, 1, 1],
        ],
      ],
      scales: ["tensor", 1, 0.3],
      options: { learningRate: 0.01, weightDecay: 0.1 },
    };
    expect(stepBits(c, true)).toEqual(stepBits(c, false));
    const previous = setFusedAdam(true);
    try {
      const w = tf.tidy(() => tf.variable(tf.tensor([1, 2, 3])));
      const optimizer = new AdamOptimizer({ learningRate: 0.1 });
      tf.tidy(() => optimizer.apply(new Map([["w", w]]), { w: tf.tensor([0.5, -1, 0]) }, 1));
      // m = 0.1 g, v = 0.001 g^2, step 1: w - lr * sqrt(1 - b2) / (1 - b1) * m / (sqrt(v) + eps) = w - 0.1 * sign(g)
      expect(Array.from(w.dataSync()).map((x) => Number(x.toFixed(5)))).toEqual([0.9, 2.1, 3]);
      optimizer.dispose();
      w.dispose();
    } finally {
      setFusedAdam(previous);
    }
  });

  it("is the kernel the optimizer runs (one CosirAdamUpdate per variable, no elementwise kernels)", async () => {
    const previous = setFusedAdam(true);
    const w = tf.tidy(() => tf.variable(tf.tensor([1, 2, 3])));
    const u = tf.tidy(() => tf.variable(tf.tensor([[1, 2]])));
    const optimizer = new AdamOptimizer();
    try {
      const profile = await tf.profile(() =>
        tf.tidy(() =>
          optimizer.apply(
            new Map([
              ["w", w],
              ["u", u],
            ]),
            { w: tf.ones([3]), u: tf.ones([1, 2]) },
            0.5,
          ),
        ),
      );
      const names = profile.kernels.map((k) => k.name).filter((k) => !["Fill", "ZerosLike", "OnesLike"].includes(k));
      expect(names).toEqual([adamUpdateKernel, adamUpdateKernel]);
    } finally {
      optimizer.dispose();
      w.dispose();
      u.dispose();
      setFusedAdam(previous);
    }
  });
});
