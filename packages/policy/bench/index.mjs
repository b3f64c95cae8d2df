// @cosir/policy benchmarks: training and sampling throughput of the default transformer on the
// active tfjs back end, against the same back end's 512x512 matmul measured in the same run.
// Run: cd packages/policy && npx tsup && node ../../scripts/bench.mjs --filter policy
import * as tf from "@tensorflow/tfjs-core";
import {
  CanonicalTokenizer,
  SeededRandom,
  Transformer,
  TransformerTrainer,
  defaultTransformerConfig,
  nextTokenLoss,
  packSequences,
  sampleTokens,
  selectBackend,
} from "../dist/tfjs/index.js";
import { hfDecoderFigures } from "./hf-decoder.mjs";
import { hfHeadFigures } from "./hf-head.mjs";
import { simdMatMulFigures } from "./simd-matmul.mjs";
import { tokenShiftFigures } from "./token-shift.mjs";

function seconds(start) {
  return (performance.now() - start) / 1000;
}

/**
 * Matmul FLOPs of one training step over `batch` sequences of `time` positions, as executed:
 * every forward matmul has two backward matmuls, except the one-hot embedding matmul, whose
 * input needs no gradient (one).
 */
function trainFlops(config, batch, time) {
  const { width: d, layers, mlpRatio, vocabSize: v } = config;
  const n = batch * time;
  const projections = 2 * n * (4 * d * d + 2 * mlpRatio * d * d) * layers;
  const attention = 2 * 2 * batch * time * time * d * layers; // QK^T and PV over the full (masked) square
  const head = 2 * n * d * v; // tied output layer
  const embedding = 2 * n * v * d; // onehot(ids) @ table
  return 3 * (projections + attention + head) + 2 * embedding;
}

/** Best (shortest) time of `rounds` runs of fn, in seconds: the figures compare peak rates, so a busy machine's stalls are not counted. */
function best(rounds, fn) {
  let shortest = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    fn();
    shortest = Math.min(shortest, seconds(start));
  }
  return shortest;
}

export default async function bench({ report, quick }) {
  const backend = await selectBackend();
  const note = `${backend.name}, ${backend.threads} thread(s)`;

  // 1 + 2. training (forward + backward + Adam on the default configuration) and the back end's own
  // 512 x 512 matmul rate, measured in alternation so both see the same machine; best of each
  const a = tf.randomNormal([512, 512], 0, 1, "float32", 1);
  const b = tf.randomNormal([512, 512], 0, 1, "float32", 2);
  const reps = 8;
  const matmuls = () => {
    for (let i = 0; i < reps; i++) {
      const c = tf.matMul(a, b);
      if (i === reps - 1) c.dataSync();
      c.dispose();
    }
  };
  matmuls();
  const tokenizer = CanonicalTokenizer.fromVocabulary();
  const config = { ...defaultTransformerConfig, vocabSize: tokenizer.size };
  const model = new Transformer(config, { seed: 1 });
  const trainer = new TransformerTrainer(model, { learningRate: 1e-4 });
  const batchSize = 16;
  const time = 128; // positions per sequence: a typical observation (~90-130 words) plus a message
  const rng = new SeededRandom(3);
  const word = () => 5 + rng.int(tokenizer.size - 5);
  const batch = packSequences(
    Array.from({ length: batchSize }, () => ({
      prompt: Array.from({ length: time - 15 }, word),
      completion: Array.from({ length: 16 }, word),
    })),
    { padToken: tokenizer.pad },
  );
  trainer.trainStep(batch, nextTokenLoss); // warm-up: allocations, Adam moments
  let matmulSeconds = Infinity;
  let stepSeconds = Infinity;
  for (let round = 0; round < (quick ? 1 : 4); round++) {
    matmulSeconds = Math.min(matmulSeconds, best(2, matmuls));
    stepSeconds = Math.min(
      stepSeconds,
      best(1, () => trainer.trainStep(batch, nextTokenLoss)),
    );
  }
  matmulSeconds = Math.min(matmulSeconds, best(2, matmuls));
  tf.dispose([a, b, batch.tokens, batch.mask]);
  trainer.dispose();
  const matmulGflops = (2 * 512 ** 3 * reps) / matmulSeconds / 1e9;
  report({ name: "policy.matmul.gflops", value: matmulGflops, unit: "GFLOP/s", note });
  const tokens = batchSize * time;
  const trainGflops = trainFlops(config, batchSize, time) / stepSeconds / 1e9;
  const params = model.parameterCount();
  report({
    name: "policy.train.tokens",
    value: tokens / stepSeconds,
    unit: "tokens/s",
    note: `${note}; width ${config.width}, ${config.layers} layers, ${config.heads} heads, ${params} parameters; batch ${batchSize} x ${time}`,
  });
  report({
    name: "policy.train.gflops",
    value: trainGflops,
    unit: "GFLOP/s",
    note: "executed matmul FLOPs (attention counted over the full masked square), best of the timed steps",
  });
  report({
    name: "policy.train.roofline",
    value: trainGflops / matmulGflops,
    unit: "ratio",
    baseline: matmulGflops,
    ratio: trainGflops / matmulGflops,
  });

  // 3. sampling: batch 64, 64 new tokens, KV cache
  const promptLength = 64;
  const prompts = Array.from({ length: 64 }, () => Array.from({ length: promptLength }, word));
  sampleTokens(model, prompts.slice(0, 4), { maxTokens: 4, seed: 1 }); // warm-up
  let start = performance.now();
  const sampled = sampleTokens(model, prompts, { maxTokens: quick ? 16 : 64, seed: 1 });
  const sampleSeconds = seconds(start);
  const newTokens = sampled.tokens.reduce((n, r) => n + r.length, 0);
  report({
    name: "policy.sample.tokens",
    value: newTokens / sampleSeconds,
    unit: "tokens/s",
    note: `batch 64, ${promptLength}-token prompts, ${quick ? 16 : 64} new tokens, KV cache, prefill included`,
  });

  // 4. KV cache vs recomputing the prefix every step, same prompts and draws
  const kvBatch = quick ? 4 : 16;
  const kvNew = quick ? 8 : 32;
  const kvPrompts = prompts.slice(0, kvBatch).map((p) => p.slice(0, 32));
  start = performance.now();
  const cached = sampleTokens(model, kvPrompts, { maxTokens: kvNew, seed: 2 });
  const cachedSeconds = seconds(start);
  start = performance.now();
  const recomputed = sampleTokens(model, kvPrompts, { maxTokens: kvNew, seed: 2, useCache: false });
  const recomputeSeconds = seconds(start);
  const same = JSON.stringify(cached.tokens) === JSON.stringify(recomputed.tokens);
  report({
    name: "policy.sample.kvSpeedup",
    value: recomputeSeconds / cachedSeconds,
    unit: "x",
    baseline: recomputeSeconds,
    note: `batch ${kvBatch}, 32-token prompts, ${kvNew} new tokens; ${cachedSeconds.toFixed(2)} s cached vs ${recomputeSeconds.toFixed(2)} s recomputed; same tokens: ${same}`,
  });
  model.dispose();

  // 5. what token shift buys: steps to learn the copy task with and without it
  tokenShiftFigures({ report, quick });

  // 6. Hugging Face decoders (Qwen3 tiny) beside llama.cpp
  await simdMatMulFigures({ report, quick });
  await hfHeadFigures({ report, quick });
  await hfDecoderFigures({ report, quick });
}
