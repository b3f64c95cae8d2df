#!/usr/bin/env node
// CPU time of one train step (a packed tree of 12 seats' turns, forward and backward) with RMSNorm's kernels on and
// off (setRmsNormGradKernels), and of a prefill and 20 decode steps of 16 rows with q, k and v as one product on and
// off (setDecodeQkvProduct), and of two cached prefills of 16 rows (the second extending the first's prompts, so it reads
// the prefix pool) with q, k and v as one product and one kernel on and off (setPrefillQkvProduct), on the committed
// demo base: after a warm-up, 30 rounds alternating which goes first; `inplace`: the train step with attention's heads
// read and written in place on and off (setAttentionInPlace); `lean`: the train step, the prefill and decode steps and a
// reference pass (the packed tree without gradient) with dense layers' lean bookkeeping on and off (setLeanLinear); `embed`: the prefill and
// decode steps with their input rows in one kernel on and off (setEmbedAtKernel); `adam`: an Adam step of every
// variable of the demo base (its gradients from one train step, scaled by a clipping factor) as one kernel per
// variable on and off (setFusedAdam); `views`: the train step with its saved tensors as views on and off
// (withSavedTensorViews, setSavedTensorViews), its weight gradients on the SIMD kernel as RL takes them, then on XNNPACK;
// `sums`: the train step (SIMD weight gradients, as RL takes them) with its gain and embedding gradients' column sums as
// SIMD WebAssembly on and off (setSimdColumnSums); `rows`: the prefill and decode steps and the reference pass with
// RMSNorm's inference rows four at a time as SIMD on and off (setSimdRmsNormRows); `cache`: the prefill and 20 decode
// steps, and a prefill and 8 (about a demo rollout's), with the decode steps appending to the cache in place on and off
// (setDecodeCacheInPlace).
// The train step runs as TransformerTrainer runs it (withSavedTensorViews). A check of each change alone; the RL figures are `pnpm bench`'s (scripts/bench.mjs --filter trainer).
//   pnpm build && nice -n 10 node packages/trainer/scripts/fused-kernels-ab.mjs [train|decode|prefill|inplace|lean|embed|adam|views|sums|rows|cache]
import * as tf from "@tensorflow/tfjs-core";
import {
  PrefixCache,
  setRmsNormGradKernels,
  setDecodeQkvProduct,
  setPrefillQkvProduct,
  setAttentionInPlace,
  setLeanLinear,
  setEmbedAtKernel,
  setFusedAdam,
  setSavedTensorViews,
  setSimdMatMul,
  setSimdColumnSums,
  setSimdRmsNormRows,
  setDecodeCacheInPlace,
  withSavedTensorViews,
  AdamOptimizer,
  packPrefixTree,
  prefixTreeLogprobs,
} from "@cosir/policy/tfjs";
import { demoRlContext } from "./demo-rl-context.mjs";
const { policy } = await demoRlContext();
const m = policy.model;
const items = [];
for (let s = 0; s < 12; s++) {
  const prompt = Array.from({ length: 60 + s * 7 }, (_, i) => 5 + ((i * 7 + s) % 150));
  for (let t = 0; t < 3; t++)
    items.push({ prompt: [...prompt, ...Array.from({ length: t * 10 }, (_, i) => 6 + i)], completion: [7, 8, 9, 10] });
}
const packed = packPrefixTree(items, { maxColumns: 190 });
console.log("tree", packed.batch, packed.time);
const train = () => {
  const { value, grads } = withSavedTensorViews(() =>
    tf.variableGrads(() => tf.tidy(() => tf.sum(prefixTreeLogprobs(m, packed, { entropy: true }).logprobs))),
  );
  tf.dispose([value, ...Object.values(grads)]);
};
const reference = () => {
  tf.tidy(() => prefixTreeLogprobs(m, packed, { inference: true }).logprobs.dataSync());
};
const decode = (steps = 20) => {
  const prompts = Array.from({ length: 16 }, (_, r) => Array.from({ length: 80 + r }, (_, i) => 5 + ((i + r) % 100)));
  const { cache, logits } = m.prefill(prompts);
  logits.dispose();
  for (let s = 0; s < steps; s++) {
    const l = m.decodeStep(
      cache,
      prompts.map((_, r) => 5 + ((s + r) % 50)),
    );
    l.dispose();
  }
  cache.dispose();
};
const prefills = () => {
  const prefixes = new PrefixCache();
  const prompts = Array.from({ length: 16 }, (_, r) => Array.from({ length: 80 + r }, (_, i) => 5 + ((i + r) % 100)));
  for (const round of [prompts, prompts.map((p, r) => [...p, ...Array.from({ length: 10 + r }, (_, i) => 6 + i)])]) {
    const { cache, logits } = m.prefillCached(round, prefixes);
    logits.dispose();
    cache.dispose();
  }
  prefixes.dispose();
};
function ab(label, fn, set, rounds) {
  const t = [0, 0];
  for (let i = 0; i < 2; i++) {
    set(i === 1);
    fn();
  }
  for (let r = 0; r < rounds; r++)
    for (const on of r % 2 ? [1, 0] : [0, 1]) {
      set(on === 1);
      const c = process.cpuUsage();
      fn();
      const u = process.cpuUsage(c);
      t[on] += (u.user + u.system) / 1e3;
    }
  console.log(
    `${label}: off ${(t[0] / rounds).toFixed(2)} ms, on ${(t[1] / rounds).toFixed(2)} ms cpu, on/off ${(t[1] / t[0]).toFixed(3)}`,
  );
}
// `train`, `decode`, `prefill`, `inplace`, `lean` or `embed` as the first argument: that A/B only
const only = process.argv[2];
if (only === undefined || only === "train") ab("train step (rmsNorm kernels)", train, setRmsNormGradKernels, 30);
if (only === undefined || only === "decode")
  ab("prefill + 20 decode steps (qkv product)", decode, setDecodeQkvProduct, 30);
if (only === undefined || only === "prefill")
  ab("two cached prefills (prefill qkv product)", prefills, setPrefillQkvProduct, 30);
if (only === "inplace") ab("train step (attention in place)", train, setAttentionInPlace, 30);
if (only === "lean") {
  ab("train step (lean linear)", train, setLeanLinear, 30);
  ab("prefill + 20 decode steps (lean linear)", decode, setLeanLinear, 30);
  ab("reference pass of the tree (lean linear)", reference, setLeanLinear, 30);
}
if (only === "adam") {
  const { grads } = tf.variableGrads(() =>
    tf.tidy(() => tf.sum(prefixTreeLogprobs(m, packed, { entropy: true }).logprobs)),
  );
  const optimizer = new AdamOptimizer({ learningRate: 1e-9 });
  const scale = tf.scalar(0.75);
  ab(
    "Adam step of every variable (one kernel per variable)",
    () => tf.tidy(() => optimizer.apply(m.variables, grads, scale)),
    setFusedAdam,
    30,
  );
}
if (only === "embed") ab("prefill + 20 decode steps (input rows in one kernel)", decode, setEmbedAtKernel, 30);
if (only === "views") {
  const previous = setSimdMatMul({ linearGradients: true });
  ab("train step, SIMD weight gradients (saved tensors as views)", train, setSavedTensorViews, 40);
  setSimdMatMul({ linearGradients: false });
  ab("train step, XNNPACK weight gradients (saved tensors as views)", train, setSavedTensorViews, 40);
  setSimdMatMul(previous);
}
if (only === "sums") {
  const previous = setSimdMatMul({ linearGradients: true });
  ab("train step, SIMD weight gradients (column sums as SIMD WebAssembly)", train, setSimdColumnSums, 40);
  setSimdMatMul(previous);
}
if (only === "rows") {
  ab("prefill + 20 decode steps (RMSNorm rows four at a time)", decode, setSimdRmsNormRows, 30);
  ab("reference pass of the tree (RMSNorm rows four at a time)", reference, setSimdRmsNormRows, 30);
}
if (only === "cache") {
  ab("prefill + 20 decode steps (cache appended in place)", () => decode(20), setDecodeCacheInPlace, 30);
  ab("prefill + 8 decode steps (cache appended in place)", () => decode(8), setDecodeCacheInPlace, 40);
}
