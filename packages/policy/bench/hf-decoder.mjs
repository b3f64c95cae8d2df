// The Hugging Face decoder figures of the policy benchmarks (imported by index.mjs; or run alone:
// `node bench/hf-decoder.mjs [--quick]` after `npx tsup`). Each figure is tfjs beside llama.cpp (node-llama-cpp's
// prebuilt CPU binary, one thread, F32 KV cache, opened by the comparison tests' own openLlamaCpp) on the same
// checkpoint (HF folder + our GGUF) in the same run, each side in its own process so its peak memory is its own:
// - the tiny Qwen3 of the llama.cpp tests (hidden 64, 4/2 heads, 2 layers, real 151,669-token vocabulary);
// - Qwen3-0.6B-shaped layers (hidden 1024, 16 query / 8 key-value heads, head dim 128, intermediate 3072) with
//   Qwen3's tokenizer cut to its first 8,192 tokens + the 26 added ones (labelled), at 1 and 3 layers; the whole
//   28-layer model is extrapolated from them (t(28) = t(1) + 27 (t(3) - t(1)) / 2 per token, the same for
//   memory) and labelled so: it keeps the 8k head, not the real 151,669-row one.
// Times are the best of `rounds` runs (a shared machine's stalls are not counted).
// Skipped with a line saying why when node-llama-cpp cannot load.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundledQwen3TokenizerDir, writeTinyCheckpoint } from "../dist/hf/index.js";

const worker = join(dirname(fileURLToPath(import.meta.url)), "hf-decoder-worker.mjs");
const KEEP = 8192;

/** Qwen3's tokenizer with only its first `keep` BPE tokens (and the merges among them); added tokens follow. */
function reducedQwen3Tokenizer(out, keep) {
  const from = bundledQwen3TokenizerDir();
  const json = JSON.parse(readFileSync(join(from, "tokenizer.json"), "utf8"));
  const config = JSON.parse(readFileSync(join(from, "tokenizer_config.json"), "utf8"));
  const vocab = Object.fromEntries(Object.entries(json.model.vocab).filter(([, id]) => id < keep));
  json.model.vocab = vocab;
  json.model.merges = json.model.merges.filter((m) => {
    const [a, b] = Array.isArray(m) ? m : m.split(" ");
    return a in vocab && b in vocab && `${a}${b}` in vocab;
  });
  const renumber = new Map(json.added_tokens.map((t, i) => [t.id, keep + i]));
  for (const t of json.added_tokens) t.id = renumber.get(t.id);
  config.added_tokens_decoder = Object.fromEntries(
    Object.entries(config.added_tokens_decoder).map(([id, t]) => [String(renumber.get(Number(id))), t]),
  );
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "tokenizer.json"), JSON.stringify(json));
  writeFileSync(join(out, "tokenizer_config.json"), JSON.stringify(config));
  return { dir: out, vocab: keep + json.added_tokens.length };
}

function runSide(job) {
  const child = spawnSync(process.execPath, [worker, JSON.stringify(job)], { encoding: "utf8", maxBuffer: 1 << 26 });
  const line = child.stdout.split("\n").find((l) => l.startsWith("@@result "));
  if (line === undefined) throw new Error(`bench worker failed (${job.side}): ${child.stderr.slice(-2000)}`);
  return JSON.parse(line.slice("@@result ".length));
}

/** Both sides on one checkpoint; llama.cpp's result is null when it cannot load (said once). */
function measure(job) {
  const ours = runSide({ ...job, side: "tfjs" });
  const theirs = runSide({ ...job, side: "llama" });
  if (theirs.skipReason !== undefined) {
    console.log(`[skip] llama.cpp figures: ${theirs.skipReason}`);
    return { ours, theirs: null };
  }
  return { ours, theirs };
}

function beside(ours, theirs, key) {
  return theirs === null ? {} : { baseline: theirs[key], ratio: ours[key] / theirs[key] };
}

const MORE = 3;
/** Rate of the 28-layer model from rates at 1 and MORE layers (per-token time is linear in layers). */
function extrapolatedRate(rate1, rateMore) {
  const perLayer = (1 / rateMore - 1 / rate1) / (MORE - 1);
  return perLayer > 0 ? 1 / (1 / rate1 + 27 * perLayer) : Number.NaN;
}

export async function hfDecoderFigures({ report, quick }) {
  const root = mkdtempSync(join(tmpdir(), "cosir-bench-hf-"));
  const rounds = quick ? 1 : 3;
  try {
    // 1. the tiny Qwen3
    const tiny = join(root, "tiny");
    writeTinyCheckpoint(tiny, { seed: 1 });
    const tinyShape = { dir: tiny, vocab: 151_669, promptLength: quick ? 32 : 128, newTokens: quick ? 16 : 64, rounds };
    const t = measure({ ...tinyShape, lora: true });
    const tinyNote = `tiny Qwen3 (hidden 64, 2 layers, 151,669 vocab), tfjs-wasm vs llama.cpp, 1 thread`;
    report({
      name: "policy.hf.qwen3Tiny.prefill",
      value: t.ours.prefill,
      unit: "tokens/s",
      ...beside(t.ours, t.theirs, "prefill"),
      note: `${tinyShape.promptLength}-token prompt; ${tinyNote}`,
    });
    report({
      name: "policy.hf.qwen3Tiny.decode",
      value: t.ours.decode,
      unit: "tokens/s",
      ...beside(t.ours, t.theirs, "decode"),
      note: `batch 1, ${tinyShape.newTokens} greedy tokens after ${tinyShape.promptLength}, KV cache; ${tinyNote}`,
    });
    report({
      name: "policy.hf.qwen3Tiny.peakRss",
      value: t.ours.maxRssMiB,
      unit: "MiB",
      ...beside(t.ours, t.theirs, "maxRssMiB"),
      note: "peak resident set of each side's own process after prefill + decode (Node + weights + buffers)",
    });
    report({
      name: "policy.hf.qwen3Tiny.loraStep",
      value: t.ours.loraStep,
      unit: "s/step",
      ...(t.theirs === null ? {} : { baseline: t.theirs.loraForward, ratio: t.ours.loraStep / t.theirs.loraForward }),
      note: "r=8 on q/k/v/o, 4 x 32 tokens, 124 positions scored over the whole head; baseline: llama.cpp's forward over the same tokens (it does not train)",
    });

    // 2. Qwen3-0.6B-shaped layers, 1 and 2 of them, reduced vocabulary
    const tokenizer = reducedQwen3Tokenizer(join(root, "tokenizer-8k"), KEEP);
    const layerShape = { hiddenSize: 1024, numHeads: 16, numKvHeads: 8, headDim: 128, intermediateSize: 3072 };
    const shape = { vocab: tokenizer.vocab, promptLength: quick ? 32 : 64, newTokens: quick ? 8 : 16, rounds };
    const runs = [1, MORE].map((layers) => {
      const dir = join(root, `qwen3-0.6b-${layers}`);
      writeTinyCheckpoint(dir, { ...layerShape, numLayers: layers, tokenizerDir: tokenizer.dir, seed: 2 });
      const result = measure({ ...shape, dir, lora: layers === 1 });
      rmSync(dir, { recursive: true, force: true });
      return result;
    });
    const [one, two] = runs;
    const label = `one Qwen3-0.6B-shaped layer (1024 hidden, 16/8 heads x 128, 3072 MLP), vocabulary cut to ${tokenizer.vocab}`;
    for (const [key, unit, what] of [
      ["prefill", "tokens/s", `${shape.promptLength}-token prompt`],
      ["decode", "tokens/s", `batch 1, ${shape.newTokens} greedy tokens after ${shape.promptLength}`],
    ]) {
      report({
        name: `policy.hf.qwen3_0_6bLayer.${key}`,
        value: one.ours[key],
        unit,
        ...beside(one.ours, one.theirs, key),
        note: `${what}; ${label}; measured`,
      });
      const ours28 = extrapolatedRate(one.ours[key], two.ours[key]);
      const theirs28 = one.theirs === null ? null : extrapolatedRate(one.theirs[key], two.theirs[key]);
      if (Number.isFinite(ours28))
        report({
          name: `policy.hf.qwen3_0_6bX28.${key}`,
          value: ours28,
          unit,
          ...(theirs28 !== null && Number.isFinite(theirs28) ? { baseline: theirs28, ratio: ours28 / theirs28 } : {}),
          note: `EXTRAPOLATED to 28 layers from 1- and ${MORE}-layer runs (${what}); ${tokenizer.vocab}-token head, not the real 151,669`,
        });
      else
        console.log(
          `[skip] policy.hf.qwen3_0_6bX28.${key}: the ${MORE}-layer run was not slower than the 1-layer one (noise)`,
        );
    }
    report({
      name: "policy.hf.qwen3_0_6bLayer.peakRss",
      value: one.ours.maxRssMiB,
      unit: "MiB",
      ...beside(one.ours, one.theirs, "maxRssMiB"),
      note: `${label}; peak resident set of each side's process; measured`,
    });
    const mem28 = (a, b) => a + (27 * (b - a)) / (MORE - 1);
    report({
      name: "policy.hf.qwen3_0_6bX28.peakRss",
      value: mem28(one.ours.maxRssMiB, two.ours.maxRssMiB),
      unit: "MiB",
      ...(one.theirs === null
        ? {}
        : (() => {
            const b = mem28(one.theirs.maxRssMiB, two.theirs.maxRssMiB);
            return { baseline: b, ratio: mem28(one.ours.maxRssMiB, two.ours.maxRssMiB) / b };
          })()),
      note: `EXTRAPOLATED to 28 layers (m(1) + 27 (m(${MORE}) - m(1)) / ${MORE - 1}), ${tokenizer.vocab}-token vocabulary; the real embedding adds 151,669 x 1024 x 4 B = 593 MiB in F32`,
    });
    report({
      name: "policy.hf.qwen3_0_6bLayer.loraStep",
      value: one.ours.loraStep,
      unit: "s/step",
      ...(one.theirs === null
        ? {}
        : { baseline: one.theirs.loraForward, ratio: one.ours.loraStep / one.theirs.loraForward }),
      note: `${label}; r=8 on q/k/v/o, 4 x 32 tokens; baseline: llama.cpp's forward over the same tokens (it does not train)`,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// run alone: node bench/hf-decoder.mjs [--quick]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await hfDecoderFigures({
    quick: process.argv.includes("--quick"),
    report: (f) => console.log(JSON.stringify(f)),
  });
}
