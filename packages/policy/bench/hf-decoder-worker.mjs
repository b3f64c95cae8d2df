// One side of one Hugging Face decoder figure, in its own process so that its peak memory (maxRSS) is its own:
// `node hf-decoder-worker.mjs '{"side":"tfjs"|"llama","dir":...,"promptLength":..,"newTokens":..,"rounds":..,"lora":bool}'`
// prints one JSON line: prefill and decode tokens/s (best of `rounds`), peak RSS in MiB, and (tfjs, lora) the LoRA
// step time and llama.cpp's forward over the same tokens. Run by hf-decoder.mjs; needs the built dist.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const job = JSON.parse(process.argv[2]);
const seconds = (start) => (performance.now() - start) / 1000;
// VmHWM, the peak resident set of this process's own memory map (getrusage's maxRSS would carry the parent's
// peak over from fork + exec on Linux)
const maxRssMiB = () => {
  try {
    const kb = /VmHWM:\s*(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (kb !== null) return Number(kb[1]) / 1024;
  } catch {}
  return process.resourceUsage().maxRSS / 1024;
};

function promptTokens(vocab, length) {
  return Array.from({ length }, (_, i) => (1000 + i * 7919) % Math.min(vocab, 50_000));
}
/** LoRA batch: 4 sequences of 32 tokens, every position after the first scored. */
function loraBatch(prompt) {
  return Array.from({ length: 4 }, (_, b) => {
    const tokens = Array.from({ length: 32 }, (_, i) => prompt[(b + i) % prompt.length]);
    return { tokens, weights: tokens.map((_, i) => (i === 0 ? 0 : 1)) };
  });
}

async function tfjsSide() {
  const { selectBackend } = await import("../dist/tfjs/index.js");
  const { LoraAdapter, LoraTrainer, loadDecoderCheckpoint, parseLoraSettings, sampleDecoder } = await import(
    "../dist/hf/index.js"
  );
  await selectBackend({ log: null });
  const { model } = loadDecoderCheckpoint(job.dir);
  const prompt = promptTokens(model.config.vocabSize, job.promptLength);
  // warm-up: the first call compiles kernels and packs weights
  sampleDecoder(model, [prompt], { maxNewTokens: 2, temperature: 0, stopTokenIds: [] });
  let prefill = Number.POSITIVE_INFINITY;
  let decode = Number.POSITIVE_INFINITY;
  for (let r = 0; r < job.rounds; r++) {
    // prefill: one forward over the prompt, the head only at the last position
    let start = performance.now();
    sampleDecoder(model, [prompt], { maxNewTokens: 1, temperature: 0, stopTokenIds: [] });
    const p = seconds(start);
    prefill = Math.min(prefill, p);
    // decode: greedy tokens after the prompt with the KV cache, the prefill's time taken off
    start = performance.now();
    sampleDecoder(model, [prompt], { maxNewTokens: job.newTokens + 1, temperature: 0, stopTokenIds: [] });
    decode = Math.min(decode, seconds(start) - p);
  }
  const out = { prefill: job.promptLength / prefill, decode: job.newTokens / decode, maxRssMiB: maxRssMiB() };
  if (job.lora) {
    const adapter = LoraAdapter.create(model, parseLoraSettings({ r: 8 }), 1);
    const trainer = new LoraTrainer(model, adapter);
    const batch = loraBatch(prompt);
    trainer.step(batch);
    let step = Number.POSITIVE_INFINITY;
    for (let r = 0; r < Math.min(job.rounds, 2); r++) {
      const start = performance.now();
      trainer.step(batch);
      step = Math.min(step, seconds(start));
    }
    out.loraStep = step;
    out.loraMaxRssMiB = maxRssMiB();
  }
  return out;
}

async function llamaSide() {
  const { openLlamaCpp } = await import("../dist/test-support/open-llama-cpp.js");
  const { opened, skipReason } = await openLlamaCpp(join(job.dir, "model.gguf"), { contextSize: 512 });
  if (opened === null) return { skipReason };
  const { sequence } = opened;
  const prompt = promptTokens(job.vocab, job.promptLength);
  // warm-up, as on the tfjs side
  await sequence.controlledEvaluate(
    prompt.map((t, i) => (i === prompt.length - 1 ? [t, { generateNext: { token: true } }] : t)),
  );
  let prefill = Number.POSITIVE_INFINITY;
  let decode = Number.POSITIVE_INFINITY;
  for (let r = 0; r < job.rounds; r++) {
    await sequence.clearHistory();
    let start = performance.now();
    await sequence.controlledEvaluate(
      prompt.map((t, i) => (i === prompt.length - 1 ? [t, { generateNext: { token: true } }] : t)),
    );
    prefill = Math.min(prefill, seconds(start));
    await sequence.clearHistory();
    await sequence.controlledEvaluate(prompt.slice(0, -1));
    start = performance.now();
    let count = 0;
    // the first step evaluates the prompt's last token: the same one-token step as every other
    for await (const _ of sequence.evaluate([prompt.at(-1)], { temperature: 0 })) if (++count >= job.newTokens) break;
    decode = Math.min(decode, seconds(start));
  }
  const out = { prefill: job.promptLength / prefill, decode: job.newTokens / decode, maxRssMiB: maxRssMiB() };
  if (job.lora) {
    // no training in llama.cpp: its forward over the LoRA step's 4 x 32 tokens, for scale
    let forward = Number.POSITIVE_INFINITY;
    for (let r = 0; r < job.rounds; r++) {
      let total = 0;
      for (const { tokens } of loraBatch(prompt)) {
        await sequence.clearHistory();
        const start = performance.now();
        await sequence.controlledEvaluate(
          tokens.map((t, i) => (i === tokens.length - 1 ? [t, { generateNext: { token: true } }] : t)),
        );
        total += seconds(start);
      }
      forward = Math.min(forward, total);
    }
    out.loraForward = forward;
  }
  await opened.dispose();
  return out;
}

const result = job.side === "tfjs" ? await tfjsSide() : await llamaSide();
process.stdout.write(`@@result ${JSON.stringify(result)}\n`);
