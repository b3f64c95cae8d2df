// The SIMD batched matmul's figures (imported by index.mjs): attention's per-head products of the demo model (16
// heads x rows, 80 positions, head width 16) and one dense-layer weight gradient, against tf.matMul on the same back
// end in the same run (tfjs-wasm: its generic batched loop, and XNNPACK with a fresh right operand).
import * as tf from "@tensorflow/tfjs-core";
import { simdBatchMatMul, simdBatchMatMulAvailable } from "../dist/tfjs/index.js";

/** CPU milliseconds per call of fn (its result disposed), after a warm-up. */
function cpuMs(fn, calls) {
  for (let i = 0; i < 3; i++) tf.dispose(fn());
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) tf.dispose(fn());
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

export async function simdMatMulFigures({ report, quick }) {
  if (!simdBatchMatMulAvailable()) return;
  const calls = quick ? 5 : 60;
  const cases = [
    { name: "policy.simd-matmul.scores", a: [32, 80, 16], b: [32, 16, 80], unbatched: false },
    { name: "policy.simd-matmul.values", a: [32, 80, 80], b: [32, 80, 16], unbatched: false },
    { name: "policy.simd-matmul.weight-gradient", a: [1, 64, 640], b: [1, 640, 64], unbatched: true },
  ];
  for (const c of cases) {
    const a = tf.randomNormal(c.a);
    const b = tf.randomNormal(c.b);
    const flops = 2 * c.a[0] * c.a[1] * c.a[2] * c.b[2];
    // tf.matMul of a fresh right operand: a backward product's case (XNNPACK packs an operator per new operand)
    const plain = cpuMs(() => tf.tidy(() => tf.matMul(a, c.unbatched ? tf.clone(b) : b)), calls);
    const simd = cpuMs(() => tf.tidy(() => simdBatchMatMul(a, c.unbatched ? tf.clone(b) : b, c)), calls);
    report({
      name: c.name,
      value: flops / simd / 1e6,
      unit: "GFLOP/s (cpu)",
      baseline: flops / plain / 1e6,
      ratio: plain / simd,
      note: `[${c.a}] x [${c.b}], per CPU second; baseline tf.matMul on the same back end`,
    });
    tf.dispose([a, b]);
  }
}
