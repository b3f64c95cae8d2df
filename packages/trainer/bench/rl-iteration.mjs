// RL iterations of the demo configuration (the committed base, the cosir arm) on today's step, on the previous step
// (today's without session 47's SIMD WebAssembly: setSimdColumnSums and setSimdRmsNormRows off, the train step's gain and
// embedding gradients summed by JavaScript loops and RMSNorm's inference rows one at a time as before; the
// `.vs-previous` figures, their ratio today's over it)
// and on the old step (before prefix trees and the prefix cache, on tfjs-wasm's own kernels), interleaved in one
// process so all three see the same machine. Each ratio comes with a 95% bootstrap interval over the rounds (each
// round runs every path once, so a round's load falls on all three).
import { fileURLToPath } from "node:url";
import {
  Transformer,
  TransformerTrainer,
  loadCheckpoint,
  selectBackend,
  setDecodeCacheInPlace,
  setDecodeQkvProduct,
  setHeapKernels,
  setGainColumnSums,
  setHeldHeadWeights,
  setPrefillQkvProduct,
  setAttentionInPlace,
  setLeanLinear,
  setOnePassSampling,
  setEmbedAtKernel,
  setFusedAdam,
  setGradientSumKernel,
  setHeapWasm,
  setLastBlockAtTargets,
  setSavedTensorViews,
  setSimdColumnSums,
  setSimdRmsNormRows,
  setRmsNormGradKernels,
  setSimdMatMul,
  setTrainLastBlockAtTargets,
} from "@cosir/policy/tfjs";
import { armConfig, resolveTrainConfig, rlIteration } from "../dist/index.js";

const committedBase = fileURLToPath(new URL("../../../models/demo-base/checkpoint", import.meta.url));

/** Every kernel switch of `arm`, on. */
const ALL_ON = {
  simd: true,
  heapKernels: true,
  tiled: true,
  lastBlock: true,
  trainLastBlock: true,
  normKernels: true,
  prefillQkv: true,
  held: true,
  inPlace: true,
  lean: true,
  fusedAdam: true,
  views: true,
  simdSums: true,
  cacheInPlace: true,
};

/**
 * A policy, reference and optimizer from the base's weights, on the update path `packing`, with the kernel switches
 * `switches` (each a boolean, all on in ALL_ON): `simd`: the SIMD matmul
 * for attention and the update's dense-layer gradients (else tfjs-wasm's own kernels, as before it); `heapKernels`:
 * the heap kernels (gatherRows, concatColumns, one-kernel RMSNorm in the rollout; embedding rows and gradients
 * without one-hot products), else tfjs-wasm's gather, concat, six-kernel RMSNorm and one-hot products; `tiled`: the
 * SIMD matmul's tiled module with mask-aware attention (setSimdMatMul's `tiled` and `maskedAttention`) and the heap
 * kernels' copies and RMSNorm as WebAssembly (setHeapWasm), else the first module over every product and those two
 * in JavaScript; `lastBlock`: prefills and the reference pass run the last block at the columns they read only
 * (setLastBlockAtTargets); `trainLastBlock`: so does the train step (setTrainLastBlockAtTargets); `normKernels`: the
 * train step's RMSNorm as one kernel each way (setRmsNormGradKernels) and a decode step's q, k and v as one product
 * and one kernel (setDecodeQkvProduct); `prefillQkv`: a prefill's q, k and v as one product and its head splits (and
 * the held prefix's gather) as one kernel (setPrefillQkvProduct, off in every path here: it measured 1.00x); `held`:
 * the RMSNorm gain gradient's column sums as one kernel (setGainColumnSums) and the no-gradient passes' head by a
 * held transpose of the token embedding (setHeldHeadWeights), no XNNPACK operator made and packed per call;
 * `inPlace`: attention reads and writes its heads in place in the [rows, heads x width] layout (setAttentionInPlace,
 * off by default and in every path here: it measured 0.97x [0.90, 1.04]) instead of rank-4 transposes; `lean`: dense layers
 * without tf.customGrad where no tape records and without a saved copy of a variable weight (setLeanLinear), and draws
 * at temperature 1 in one pass (setOnePassSampling), and a prefill's and decode step's input rows in one kernel
 * (setEmbedAtKernel); `fusedAdam`: an Adam step as one kernel per variable (setFusedAdam) and a minibatch's parts'
 * gradients summed by one kernel per variable and part (setGradientSumKernel); both need the heap kernels; `views`: the
 * train step's saved tensors kept as views of their data instead of the engine's copies (setSavedTensorViews);
 * `simdSums`: the train step's gain and embedding gradients' column sums as SIMD WebAssembly (setSimdColumnSums) instead
 * of JavaScript loops, and RMSNorm's inference rows four at a time as SIMD (setSimdRmsNormRows) instead of one at a time;
 * `cacheInPlace`: decode steps append to a cache held with room in place (setDecodeCacheInPlace, off by default and in
 * every path here: the rollout measured 0.99x with it) instead of copying it.
 */
function arm(base, weights, packing, switches) {
  const gradientMatMul = switches.simd ? "simd" : "xnnpack";
  const config = armConfig(
    resolveTrainConfig({
      preset: "demo",
      overrides: [{ rl: { packing, gradientMatMul } }],
    }),
    "cosir",
  );
  const policy = {
    model: new Transformer(base.model.config, { weights }),
    tokenizer: base.tokenizer,
  };
  const reference = {
    model: new Transformer(base.model.config, { weights }),
    tokenizer: base.tokenizer,
  };
  const trainer = new TransformerTrainer(policy.model, {
    learningRate: config.rl.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  return {
    context: {
      config,
      policy,
      reference,
      trainer,
      prefixCache: packing === "prefixTree",
    },
    ...switches,
    rounds: [],
    seconds: 0,
    cpuSeconds: 0,
    rolloutSeconds: 0,
    episodes: 0,
    dispose: () => {
      policy.model.dispose();
      reference.model.dispose();
      trainer.dispose();
    },
  };
}

/**
 * Episodes per second of whole RL iterations (rollout, scoring, advantages, reference pass, PPO update), today's
 * path against the old one and against the previous step: iteration 0 of each is a warm-up, then
 * iterations 1..n (rounds) rotate which path goes first.
 */
export async function rlIterationFigures({ report, quick }) {
  const backend = await selectBackend({ log: null });
  const base = await loadCheckpoint(committedBase);
  const weights = await base.model.readWeights();
  base.model.dispose();
  const paths = {
    today: arm(base, weights, "prefixTree", { ...ALL_ON, prefillQkv: false, inPlace: false, cacheInPlace: false }),
    previous: arm(base, weights, "prefixTree", {
      ...ALL_ON,
      prefillQkv: false,
      inPlace: false,
      cacheInPlace: false,
      simdSums: false,
    }),
    before: arm(base, weights, "none", Object.fromEntries(Object.keys(ALL_ON).map((k) => [k, false]))),
  };
  const names = Object.keys(paths);
  const iterations = quick ? 1 : 16;
  for (let it = 0; it <= iterations; it++) {
    const order = names.map((_, i) => names[(i + it) % names.length]);
    for (const name of order) {
      const path = paths[name];
      setSimdMatMul({ batched: path.simd, tiled: path.tiled, maskedAttention: path.tiled });
      setHeapKernels(path.heapKernels);
      setHeapWasm(path.tiled);
      setLastBlockAtTargets(path.lastBlock);
      setTrainLastBlockAtTargets(path.trainLastBlock);
      setRmsNormGradKernels(path.normKernels);
      setDecodeQkvProduct(path.normKernels);
      setGainColumnSums(path.held);
      setHeldHeadWeights(path.held);
      setPrefillQkvProduct(path.prefillQkv);
      setAttentionInPlace(path.inPlace);
      setLeanLinear(path.lean);
      setOnePassSampling(path.lean);
      setEmbedAtKernel(path.lean);
      setFusedAdam(path.fusedAdam);
      setGradientSumKernel(path.fusedAdam);
      setSavedTensorViews(path.views);
      setSimdColumnSums(path.simdSums);
      setSimdRmsNormRows(path.simdSums);
      setDecodeCacheInPlace(path.cacheInPlace);
      const start = performance.now();
      const cpu = process.cpuUsage();
      const line = await rlIteration(path.context, it);
      if (it === 0) continue;
      const used = process.cpuUsage(cpu);
      const round = {
        seconds: (performance.now() - start) / 1000,
        cpuSeconds: (used.user + used.system) / 1e6,
        rolloutSeconds: line.timing.rolloutSeconds,
        episodes: line.episodes,
      };
      path.rounds.push(round);
      path.seconds += round.seconds;
      path.cpuSeconds += round.cpuSeconds;
      path.rolloutSeconds += round.rolloutSeconds;
      path.episodes += round.episodes;
    }
  }
  const note = `demo config (cosir arm), ${iterations} round(s) of ${
    paths.today.context.config.rl.tasksPerIteration * paths.today.context.config.rl.groupSize
  } episodes per path after a warm-up, ${backend.name}; ratio interval: 95% bootstrap over rounds`;
  const kinds = {
    "trainer.rl.episodes": { unit: "episodes/s", seconds: (r) => r.seconds, what: "" },
    "trainer.rl.episodes.cpu": {
      unit: "episodes/cpu-s",
      seconds: (r) => r.cpuSeconds,
      what: "; per CPU second of this process (wasm runs on one thread; on a machine shared with other jobs, wall-clock rates swing with their load)",
    },
    "trainer.rl.rollout.episodes": {
      unit: "episodes/s",
      seconds: (r) => r.rolloutSeconds,
      what: "; rollout and scoring only",
    },
    "trainer.rl.update.episodes": {
      unit: "episodes/s",
      seconds: (r) => r.seconds - r.rolloutSeconds,
      what: "; advantages, reference pass and PPO update only",
    },
  };
  const figures = [
    [
      "",
      paths.today,
      paths.before,
      "baseline: the old step (rl.packing none, no prefix cache, tfjs-wasm's own matmuls)",
    ],
    [
      ".vs-previous",
      paths.today,
      paths.previous,
      "baseline: the previous step (today's with the column sums as JavaScript loops and RMSNorm's rows one at a time: setSimdColumnSums and setSimdRmsNormRows off)",
    ],
  ];
  for (const [suffix, path, against, which] of figures)
    for (const [name, { unit, seconds, what }] of Object.entries(kinds)) {
      const { value, baseline, ratio, ratioLow, ratioHigh } = pairedRatio(path.rounds, against.rounds, seconds);
      report({
        name: `${name}${suffix}`,
        value,
        unit,
        baseline,
        ratio,
        ratioLow,
        ratioHigh,
        note: `${note}; ${which}${what}`,
      });
    }
  setSimdMatMul({ batched: true, tiled: true, maskedAttention: true });
  setHeapKernels(true);
  setHeapWasm(true);
  setLastBlockAtTargets(true);
  setTrainLastBlockAtTargets(true);
  setRmsNormGradKernels(true);
  setDecodeQkvProduct(true);
  setGainColumnSums(true);
  setHeldHeadWeights(true);
  setPrefillQkvProduct(false);
  setAttentionInPlace(false);
  setLeanLinear(true);
  setOnePassSampling(true);
  setEmbedAtKernel(true);
  setFusedAdam(true);
  setGradientSumKernel(true);
  setSavedTensorViews(true);
  setSimdColumnSums(true);
  setSimdRmsNormRows(true);
  setDecodeCacheInPlace(false);
  for (const p of Object.values(paths)) p.dispose();
}

/**
 * Episodes per second of `a`'s and `b`'s rounds (summed episodes over summed `seconds`), their ratio, and a 95%
 * bootstrap interval of that ratio from resampling rounds (the same round drawn for both paths: they ran back to back),
 * seeded so reruns on the same figures agree.
 */
function pairedRatio(a, b, seconds) {
  const rate = (rounds, picks) => {
    let episodes = 0;
    let time = 0;
    for (const i of picks) {
      episodes += rounds[i].episodes;
      time += seconds(rounds[i]);
    }
    return episodes / time;
  };
  const all = a.map((_, i) => i);
  const value = rate(a, all);
  const baseline = rate(b, all);
  let state = 0x2545f491;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const draws = [];
  for (let d = 0; d < 2000; d++) {
    const picks = all.map(() => Math.floor(random() * all.length));
    draws.push(rate(a, picks) / rate(b, picks));
  }
  draws.sort((x, y) => x - y);
  return {
    value,
    baseline,
    ratio: value / baseline,
    ratioLow: draws[Math.floor(0.025 * draws.length)],
    ratioHigh: draws[Math.ceil(0.975 * draws.length) - 1],
  };
}
