// The Hugging Face decoder figures of the policy benchmarks (imported by index.mjs): the tiny Qwen3 of the
// llama.cpp tests (hidden 64, 4/2 heads, 2 layers, real 151,669-token vocabulary) in tfjs, each figure beside
// llama.cpp (node-llama-cpp's prebuilt CPU binary, one thread, F32 KV cache) on the same GGUF in the same run.
// Skipped with a line saying why when node-llama-cpp cannot load.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LoraAdapter,
  LoraTrainer,
  loadDecoderCheckpoint,
  parseLoraSettings,
  sampleDecoder,
  writeTinyCheckpoint,
} from "../dist/hf/index.js";

function seconds(start) {
  return (performance.now() - start) / 1000;
}

async function llamaReference(gguf) {
  try {
    const llamaCpp = await import("node-llama-cpp");
    const llama = await llamaCpp.getLlama({ gpu: false, build: "never", progressLogs: false, logLevel: "error" });
    const model = await llama.loadModel({ modelPath: gguf });
    const context = await model.createContext({
      contextSize: 512,
      threads: 1,
      flashAttention: false,
      experimentalKvCacheKeyType: "F32",
      experimentalKvCacheValueType: "F32",
    });
    return { llama, model, context, sequence: context.getSequence() };
  } catch (error) {
    console.log(`[skip] llama.cpp figures: ${error.message}`);
    return null;
  }
}

export async function hfDecoderFigures({ report, quick }) {
  const dir = mkdtempSync(join(tmpdir(), "cosir-bench-qwen3-"));
  try {
    writeTinyCheckpoint(dir, { seed: 1 });
    const { model } = loadDecoderCheckpoint(dir);
    const promptLength = quick ? 32 : 128;
    const newTokens = quick ? 16 : 64;
    const prompt = Array.from({ length: promptLength }, (_, i) => 1000 + ((i * 7919) % 50000));
    const reference = await llamaReference(join(dir, "model.gguf"));

    // prefill: one forward over the prompt, the head only at the last position
    let start = performance.now();
    sampleDecoder(model, [prompt], { maxNewTokens: 1, temperature: 0, stopTokenIds: [] });
    const ours = promptLength / seconds(start);
    let theirs;
    if (reference !== null) {
      const { sequence } = reference;
      start = performance.now();
      await sequence.controlledEvaluate(
        prompt.map((t, i) => (i === prompt.length - 1 ? [t, { generateNext: { token: true } }] : t)),
      );
      theirs = promptLength / seconds(start);
    }
    report({
      name: "policy.hf.qwen3Tiny.prefill",
      value: ours,
      unit: "tokens/s",
      ...(theirs !== undefined ? { baseline: theirs, ratio: ours / theirs } : {}),
      note: `${promptLength}-token prompt, tfjs vs llama.cpp (1 thread)`,
    });

    // decode: greedy tokens after the prompt, KV cache, LM head over 151,669 tokens every step
    start = performance.now();
    sampleDecoder(model, [prompt], { maxNewTokens: newTokens, temperature: 0, stopTokenIds: [] });
    const decodeSeconds = seconds(start) - promptLength / ours;
    const oursDecode = newTokens / decodeSeconds;
    let theirsDecode;
    if (reference !== null) {
      const { sequence } = reference;
      await sequence.clearHistory();
      await sequence.controlledEvaluate(prompt.slice(0, -1));
      start = performance.now();
      let count = 0;
      for await (const _ of sequence.evaluate([prompt.at(-1)], { temperature: 0 })) if (++count >= newTokens) break;
      // the first step also evaluates the prompt's last token: the same one-token step as every other
      theirsDecode = newTokens / seconds(start);
    }
    report({
      name: "policy.hf.qwen3Tiny.decode",
      value: oursDecode,
      unit: "tokens/s",
      ...(theirsDecode !== undefined ? { baseline: theirsDecode, ratio: oursDecode / theirsDecode } : {}),
      note: `batch 1, ${newTokens} greedy tokens after ${promptLength}, KV cache`,
    });

    // LoRA step: q/k/v/o at r=8 on 4 sequences of 32 tokens, every position scored
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 8 }), 1);
    const trainer = new LoraTrainer(model, adapter);
    const batch = Array.from({ length: 4 }, (_, b) => {
      const tokens = prompt.slice(b, b + 32);
      return { tokens, weights: tokens.map((_, i) => (i === 0 ? 0 : 1)) };
    });
    trainer.step(batch);
    start = performance.now();
    const steps = quick ? 1 : 3;
    for (let s = 0; s < steps; s++) trainer.step(batch);
    report({
      name: "policy.hf.qwen3Tiny.loraStep",
      value: seconds(start) / steps,
      unit: "s/step",
      note: "r=8 on q/k/v/o, 4 x 32 tokens, 124 scored positions over the 151,669-token head",
    });
    report({
      name: "policy.hf.qwen3Tiny.rss",
      value: process.memoryUsage().rss / 2 ** 20,
      unit: "MiB",
      note: "process resident set after the figures above (tfjs + llama.cpp copies of the tiny model)",
    });
    adapter.dispose();
    model.dispose();
    if (reference !== null) {
      await reference.context.dispose();
      await reference.model.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
