import * as tf from "@tensorflow/tfjs-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Transformer } from "./transformer";
import { selectBackend } from "../backend";
import { SeededRandom } from "../seeded-random";
import { packPrefixTree } from "../training/pack-prefix-tree";
import type { PromptCompletion } from "../training/pack-sequences";
import { setTrainLastBlockAtTargets } from "./last-block-at-targets";
import { rmsNorm, setGainColumnSums, setRmsNormGradKernels } from "./rms-norm";
import { setSimdMatMul } from "./simd-batch-mat-mul";
import { randomModelConfig, randomTransformer } from "../../test-support/random-transformer";
import { heapKernelsAvailable, setHeapWasm } from "./wasm-heap-kernels";
import { floatBits, treeStepBits } from "../../test-support/tree-step-bits";

beforeAll(async () => {
  await selectBackend({ log: null });
});

const bits = floatBits;

function values(n: number, rng: SeededRandom, scale: number): Float32Array {
  // some exact zeros and a wide range of magnitudes, so signed zeros and roundings both get exercised
  return Float32Array.from({ length: n }, () => (rng.next() < 0.1 ? 0 : rng.normal() * scale));
}

/** RMSNorm's value, x's and the gain's gradient of sum(y * c), as bit patterns, with the kernels on or off. */
function normAndGradients(
  x: Float32Array,
  gain: Float32Array,
  c: Float32Array,
  n: number,
  d: number,
  eps: number,
  kernels: boolean,
  gainRows?: { rows: Int32Array; n: number },
) {
  const previous = setRmsNormGradKernels(kernels);
  try {
    return tf.tidy(() => {
      const xt = tf.tensor2d(x, [n, d]);
      const gt = tf.tensor1d(gain);
      const ct = tf.tensor2d(c, [n, d]);
      const y = rmsNorm(xt, gt, eps, false, gainRows);
      const [dx, dg] = tf.grads((a, b) =>
        tf.sum(tf.mul(rmsNorm(a as tf.Tensor2D, b as tf.Tensor1D, eps, false, gainRows), ct)),
      )([xt, gt]);
      return { y: bits(y), dx: bits(dx as tf.Tensor), dg: bits(dg as tf.Tensor) };
    });
  } finally {
    setRmsNormGradKernels(previous);
  }
}

/** The same in float64 from the formula (docs/design.md §4's RMSNorm): the oracle for small cases. */
function oracle(x: Float32Array, gain: Float32Array, c: Float32Array, n: number, d: number, eps: number) {
  const y: number[] = [];
  const dx: number[] = [];
  const dg = new Array<number>(d).fill(0);
  for (let i = 0; i < n; i++) {
    const row = Array.from(x.subarray(i * d, (i + 1) * d));
    const r = 1 / Math.sqrt(row.reduce((s, v) => s + v * v, 0) / d + eps);
    const xhat = row.map((v) => v * r);
    const dxhat = xhat.map((_, j) => (c[i * d + j] as number) * (gain[j] as number));
    const m = dxhat.reduce((s, v, j) => s + v * (xhat[j] as number), 0) / d;
    xhat.forEach((v, j) => {
      y.push(v * (gain[j] as number));
      dg[j] = (dg[j] as number) + (c[i * d + j] as number) * v;
      dx.push(r * ((dxhat[j] as number) - v * m));
    });
  }
  return { y, dx, dg };
}

const shape = fc.record({
  n: fc.integer({ min: 1, max: 120 }),
  d: fc.integer({ min: 1, max: 80 }),
  eps: fc.constantFrom(1e-5, 1e-6, 0.1),
  scale: fc.constantFrom(1e-3, 1, 30),
  seed: fc.integer({ min: 0, max: 1 << 30 }),
});

describe("RMSNorm with its gradient as one kernel each way (setRmsNormGradKernels)", () => {
  it("runs here (the tests' back end is wasm), so the equalities below test the kernels", () => {
    expect(heapKernelsAvailable()).toBe(true);
  });

  it("gives the six-kernel path's value, x gradient and gain gradient bit for bit, as WebAssembly and as JavaScript", () => {
    fc.assert(
      fc.property(shape, fc.boolean(), ({ n, d, eps, scale, seed }, wasm) => {
        const rng = new SeededRandom(seed);
        const x = values(n * d, rng, scale);
        const gain = values(d, rng, 1);
        const c = values(n * d, rng, 1);
        const previous = setHeapWasm(wasm);
        try {
          const reference = normAndGradients(x, gain, c, n, d, eps, false);
          const before = tf.memory().numTensors;
          const fused = normAndGradients(x, gain, c, n, d, eps, true);
          expect(tf.memory().numTensors).toBe(before);
          expect(fused).toEqual(reference);
        } finally {
          setHeapWasm(previous);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("with gainRows (the last block at its target rows), the gain gradient of the n-row layer bit for bit", () => {
    fc.assert(
      fc.property(shape, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), ({ n, d, eps, scale, seed }, picks) => {
        const rows = Int32Array.from(new Set(picks.map((p) => p % (n + 5)))).sort();
        const gainRows = { rows, n: n + 5 };
        const rng = new SeededRandom(seed);
        const x = values(rows.length * d, rng, scale);
        const gain = values(d, rng, 1);
        const c = values(rows.length * d, rng, 1);
        const reference = normAndGradients(x, gain, c, rows.length, d, eps, false, gainRows);
        expect(normAndGradients(x, gain, c, rows.length, d, eps, true, gainRows)).toEqual(reference);
      }),
      { numRuns: 30 },
    );
  });

  it("sums the gain gradient's columns in one kernel or as a ones product alike, bit for bit (setGainColumnSums)", () => {
    fc.assert(
      fc.property(shape, fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), ({ n, d, eps, scale, seed }, picks) => {
        const rows = Int32Array.from(new Set(picks.map((p) => p % (n + 5)))).sort();
        const rng = new SeededRandom(seed);
        const x = values(rows.length * d, rng, scale);
        const gain = values(d, rng, 1);
        const c = values(rows.length * d, rng, 1);
        const run = (on: boolean, gainRows?: { rows: Int32Array; n: number }) => {
          const previous = setGainColumnSums(on);
          try {
            return normAndGradients(x, gain, c, rows.length, d, eps, true, gainRows);
          } finally {
            setGainColumnSums(previous);
          }
        };
        expect(run(true)).toEqual(run(false));
        expect(run(true, { rows, n: n + 5 })).toEqual(run(false, { rows, n: n + 5 }));
      }),
      { numRuns: 30 },
    );
  });

  it("agrees with a float64 oracle of the formula on small cases", () => {
    fc.assert(
      fc.property(
        fc.record({
          n: fc.integer({ min: 1, max: 6 }),
          d: fc.integer({ min: 1, max: 9 }),
          seed: fc.integer({ min: 0, max: 1 << 30 }),
        }),
        ({ n, d, seed }) => {
          const rng = new SeededRandom(seed);
          const x = Float32Array.from({ length: n * d }, () => rng.normal());
          const gain = Float32Array.from({ length: d }, () => rng.normal());
          const c = Float32Array.from({ length: n * d }, () => rng.normal());
          const fused = normAndGradients(x, gain, c, n, d, 1e-5, true);
          const want = oracle(x, gain, c, n, d, 1e-5);
          const floats = (b: number[]) => Array.from(new Float32Array(Uint32Array.from(b).buffer));
          for (const key of ["y", "dx", "dg"] as const)
            floats(fused[key]).forEach((v, i) => expect(v).toBeCloseTo(want[key][i] as number, 4));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a known case: x = [3, 4], g = [1, 2], dy = [1, 1]", () => {
    // r = 1 / sqrt(12.5 + 1e-5); y = [3r, 8r]; dg = [3r, 4r]; dx = r * ([1, 2] - [3r, 4r] * (3r + 8r) / 2)
    const got = normAndGradients(Float32Array.of(3, 4), Float32Array.of(1, 2), Float32Array.of(1, 1), 1, 2, 1e-5, true);
    const floats = (b: number[]) => Array.from(new Float32Array(Uint32Array.from(b).buffer));
    const r = 1 / Math.sqrt(12.5 + 1e-5);
    const m = (11 * r) / 2;
    expect(floats(got.y)[1]).toBeCloseTo(8 * r, 6);
    expect(floats(got.dg)[0]).toBeCloseTo(3 * r, 6);
    expect(floats(got.dx)[0]).toBeCloseTo(r * (1 - 3 * r * m), 6);
    expect(floats(got.dx)[1]).toBeCloseTo(r * (2 - 4 * r * m), 6);
  });
});

const token = fc.integer({ min: 1, max: 12 });
const treeItems = fc.array(
  fc.record({
    prompt: fc.array(token, { minLength: 1, maxLength: 60 }),
    completion: fc.array(token, { minLength: 1, maxLength: 8 }),
  }),
  { minLength: 1, maxLength: 6 },
);

/** A train step's loss sum_k c_k log p(target k) + entropy and every weight's gradient, as bit patterns. */
function treeLossAndGradients(m: Transformer, items: PromptCompletion[], seed: number, kernels: boolean) {
  const previous = setRmsNormGradKernels(kernels);
  try {
    const longest = Math.max(...items.map((i) => i.prompt.length + i.completion.length));
    return treeStepBits(m, packPrefixTree(items, { maxColumns: Math.min(120, longest + 20) }), seed);
  } finally {
    setRmsNormGradKernels(previous);
  }
}

describe("a train step with RMSNorm's kernels", () => {
  it("gives the loss and every weight's gradient of the six-kernel path bit for bit (last block at targets on and off)", () => {
    const previous = setSimdMatMul({ linearGradients: true });
    try {
      fc.assert(
        fc.property(
          randomModelConfig,
          fc.boolean(),
          treeItems,
          fc.integer({ min: 0, max: 1 << 30 }),
          (c, lastBlockAtTargets, items, seed) => {
            const m = randomTransformer(c, 128);
            const atTargets = setTrainLastBlockAtTargets(lastBlockAtTargets);
            try {
              const reference = treeLossAndGradients(m, items, seed, false);
              const before = tf.memory().numTensors;
              const fused = treeLossAndGradients(m, items, seed, true);
              expect(tf.memory().numTensors).toBe(before);
              expect(fused.loss).toEqual(reference.loss);
              for (const [name, g] of Object.entries(reference.grads))
                expect({ name, g: fused.grads[name] }).toEqual({ name, g });
            } finally {
              setTrainLastBlockAtTargets(atTargets);
              m.dispose();
            }
          },
        ),
        { numRuns: 20 },
      );
    } finally {
      setSimdMatMul(previous);
    }
  }, 300_000);
});
