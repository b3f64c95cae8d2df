#!/usr/bin/env node
// Where the time of `cosir train --model` goes (packages/policy/README.md, "Where a LoRA step's time went"): a tfjs
// kernel profile (tf.profile) of one warm-start LoraTrainer.step on 8 teacher replies of the tool surface and of one
// batch of sampling (4 prompts x 32 tokens), each kernel's time summed by name and input shapes, largest first.
//   cosir tiny-model --out tiny-qwen3 && node packages/trainer/scripts/hf-lora-profile.mjs tiny-qwen3
import * as tf from "@tensorflow/tfjs-core";
import { LoraAdapter, LoraTrainer, loadDecoderCheckpoint, sampleDecoder } from "@cosir/policy/hf";
import { selectBackend } from "@cosir/policy/tfjs";
import { hfTeacherSequences, loraSettingsOf, resolveHfTrainConfig } from "@cosir/trainer";

const modelDir = process.argv[2];
if (modelDir === undefined) {
  process.stderr.write("usage: hf-lora-profile.mjs MODEL_DIR (a folder from cosir tiny-model)\n");
  process.exit(2);
}
await selectBackend({ log: null });
const { config, lora } = resolveHfTrainConfig({
  overrides: [{ hf: { toolSchemas: false }, rl: { maxNewTokens: 32 }, sft: { episodes: 8 } }],
});
const { model, tokenizer } = loadDecoderCheckpoint(modelDir);
const adapter = LoraAdapter.create(model, loraSettingsOf(lora), 1);
const sequences = await hfTeacherSequences({ model, tokenizer, adapter, toolSchemas: false }, config);
const batch = sequences.slice(0, 8);
const trainer = new LoraTrainer(model, adapter, { learningRate: 1e-3 });
trainer.step(batch);

async function report(label, fn) {
  const start = performance.now();
  const profile = await tf.profile(fn);
  const wall = (performance.now() - start) / 1000;
  const byKernel = new Map();
  for (const k of profile.kernels) {
    const key = `${k.name} ${JSON.stringify(k.inputShapes)}`;
    const entry = byKernel.get(key) ?? { ms: 0, calls: 0 };
    entry.ms += k.kernelTimeMs;
    entry.calls++;
    byKernel.set(key, entry);
  }
  const total = profile.kernels.reduce((s, k) => s + k.kernelTimeMs, 0) / 1000;
  console.log(`== ${label}: wall ${wall.toFixed(2)} s, kernels ${total.toFixed(2)} s, ${profile.kernels.length} calls`);
  for (const [key, { ms, calls }] of [...byKernel].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12))
    console.log(`${(ms / 1000).toFixed(3)} s x${calls} ${key}`);
}

const scored = batch.reduce((n, s) => n + s.weights.filter((w) => w !== 0).length, 0);
await report(`LoraTrainer.step, 8 replies, ${scored} scored positions`, () => {
  trainer.step(batch);
});
const prompts = batch.slice(0, 4).map((s) => s.tokens.slice(0, s.weights.indexOf(1)));
await report("sampleDecoder, 4 prompts x 32 tokens", () => {
  sampleDecoder(model, prompts, { maxNewTokens: 32, seed: 1, stopTokenIds: [] });
});
