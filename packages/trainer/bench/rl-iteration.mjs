// RL iterations of the demo configuration (the committed base, the cosir arm) on today's step, on the previous step
// (the same, but the train step's RMSNorm as six kernels forward and ten backward and a decode step's q, k and v as
// three products: setRmsNormGradKernels and setDecodeQkvProduct off) and on the old step
// (before prefix trees and the prefix cache, on tfjs-wasm's own kernels), interleaved in one process so all three see
// the same machine.
import { fileURLToPath } from "node:url";
import {
  Transformer,
  TransformerTrainer,
  loadCheckpoint,
  selectBackend,
  setDecodeQkvProduct,
  setHeapKernels,
  setHeapWasm,
  setLastBlockAtTargets,
  setRmsNormGradKernels,
  setSimdMatMul,
  setTrainLastBlockAtTargets,
} from "@cosir/policy/tfjs";
import { armConfig, resolveTrainConfig, rlIteration } from "../dist/index.js";

const committedBase = fileURLToPath(new URL("../../../models/demo-base/checkpoint", import.meta.url));

/**
 * A policy, reference and optimizer from the base's weights, on the update path `packing`; `simd`: the SIMD matmul
 * for attention and the update's dense-layer gradients (else tfjs-wasm's own kernels, as before it); `heapKernels`:
 * the heap kernels (gatherRows, concatColumns, one-kernel RMSNorm in the rollout; embedding rows and gradients
 * without one-hot products), else tfjs-wasm's gather, concat, six-kernel RMSNorm and one-hot products; `tiled`: the
 * SIMD matmul's tiled module with mask-aware attention (setSimdMatMul's `tiled` and `maskedAttention`) and the heap
 * kernels' copies and RMSNorm as WebAssembly (setHeapWasm), else the first module over every product and those two
 * in JavaScript; `lastBlock`: prefills and the reference pass run the last block at the columns they read only
 * (setLastBlockAtTargets); `trainLastBlock`: so does the train step (setTrainLastBlockAtTargets); `normKernels`: the
 * train step's RMSNorm as one kernel each way (setRmsNormGradKernels) and a decode step's q, k and v as one product
 * and one kernel (setDecodeQkvProduct).
 */
function arm(base, weights, packing, simd, heapKernels, tiled, lastBlock, trainLastBlock, normKernels) {
  const gradientMatMul = simd ? "simd" : "xnnpack";
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
    simd,
    heapKernels,
    tiled,
    lastBlock,
    trainLastBlock,
    normKernels,
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
 * path against the old one and against the previous one: iteration 0 of each is a warm-up, then
 * iterations 1..n rotate which path goes first.
 */
export async function rlIterationFigures({ report, quick }) {
  const backend = await selectBackend({ log: null });
  const base = await loadCheckpoint(committedBase);
  const weights = await base.model.readWeights();
  base.model.dispose();
  const paths = {
    today: arm(base, weights, "prefixTree", true, true, true, true, true, true),
    previous: arm(base, weights, "prefixTree", true, true, true, true, true, false),
    before: arm(base, weights, "none", false, false, false, false, false, false),
  };
  const names = Object.keys(paths);
  const iterations = quick ? 1 : 6;
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
      const start = performance.now();
      const cpu = process.cpuUsage();
      const line = await rlIteration(path.context, it);
      if (it === 0) continue;
      const used = process.cpuUsage(cpu);
      path.seconds += (performance.now() - start) / 1000;
      path.cpuSeconds += (used.user + used.system) / 1e6;
      path.rolloutSeconds += line.timing.rolloutSeconds;
      path.episodes += line.episodes;
    }
  }
  const rate = (p) => p.episodes / p.seconds;
  const note = `demo config (cosir arm), ${iterations} iteration(s) of ${
    paths.today.context.config.rl.tasksPerIteration * paths.today.context.config.rl.groupSize
  } episodes after a warm-up, ${backend.name}`;
  report({
    name: "trainer.rl.episodes",
    value: rate(paths.today),
    unit: "episodes/s",
    baseline: rate(paths.before),
    ratio: rate(paths.today) / rate(paths.before),
    note: `${note}; baseline: rl.packing none, no prefix cache, tfjs-wasm's own matmuls`,
  });
  // CPU seconds of this process: on a machine shared with other jobs, wall-clock rates swing with their load
  const cpuRate = (p) => p.episodes / p.cpuSeconds;
  report({
    name: "trainer.rl.episodes.cpu",
    value: cpuRate(paths.today),
    unit: "episodes/cpu-s",
    baseline: cpuRate(paths.before),
    ratio: cpuRate(paths.today) / cpuRate(paths.before),
    note: `${note}; per CPU second of this process (wasm runs on one thread)`,
  });
  const rollout = (p) => p.episodes / p.rolloutSeconds;
  report({
    name: "trainer.rl.rollout.episodes",
    value: rollout(paths.today),
    unit: "episodes/s",
    baseline: rollout(paths.before),
    ratio: rollout(paths.today) / rollout(paths.before),
    note: `${note}; rollout and scoring only; baseline re-prefills every prompt`,
  });
  const update = (p) => p.episodes / (p.seconds - p.rolloutSeconds);
  report({
    name: "trainer.rl.update.episodes",
    value: update(paths.today),
    unit: "episodes/s",
    baseline: update(paths.before),
    ratio: update(paths.today) / update(paths.before),
    note: `${note}; advantages, reference pass and PPO update; baseline pads every sample to its own row`,
  });
  const previousNote = `${note}; baseline: the previous step (the same, with the train step's RMSNorm as six kernels forward and ten backward and a decode step's q, k and v as three products)`;
  report({
    name: "trainer.rl.episodes.vs-previous",
    value: rate(paths.today),
    unit: "episodes/s",
    baseline: rate(paths.previous),
    ratio: rate(paths.today) / rate(paths.previous),
    note: previousNote,
  });
  report({
    name: "trainer.rl.episodes.cpu.vs-previous",
    value: cpuRate(paths.today),
    unit: "episodes/cpu-s",
    baseline: cpuRate(paths.previous),
    ratio: cpuRate(paths.today) / cpuRate(paths.previous),
    note: previousNote,
  });
  report({
    name: "trainer.rl.rollout.episodes.vs-previous",
    value: rollout(paths.today),
    unit: "episodes/s",
    baseline: rollout(paths.previous),
    ratio: rollout(paths.today) / rollout(paths.previous),
    note: `${previousNote}; rollout and scoring only`,
  });
  report({
    name: "trainer.rl.update.episodes.vs-previous",
    value: update(paths.today),
    unit: "episodes/s",
    baseline: update(paths.previous),
    ratio: update(paths.today) / update(paths.previous),
    note: `${previousNote}; advantages, reference pass and PPO update only`,
  });
  setSimdMatMul({ batched: true, tiled: true, maskedAttention: true });
  setHeapKernels(true);
  setHeapWasm(true);
  setLastBlockAtTargets(true);
  setTrainLastBlockAtTargets(true);
  setRmsNormGradKernels(true);
  setDecodeQkvProduct(true);
  for (const p of Object.values(paths)) p.dispose();
}
