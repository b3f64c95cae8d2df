#!/usr/bin/env node
// Continues a pretrained base (`cosir pretrain`'s checkpoint) for a few more steps of the shapes preset's pretraining:
// a copy stage then a mixed stage, on the preset's shapes or on its large tables only (options 4-6, attributes 5-8,
// agents 3-5). Writes OUT/checkpoint; measure it with held-out-skills.mjs or false-shares.mjs. Progress on stderr.
//   node packages/trainer/scripts/continue-pretrain.mjs --from models/shapes-base/checkpoint --out DIR
//     [--copy-steps 600] [--steps 600] [--copy-mix 0.3] [--large] [--seed 7] [--learning-rate 5e-4] [--episodes 1500]
//     [--cell-negatives W] (pretrain.cellNegatives: an unlikelihood weight on the cells of shares and asks, default 0)
//     [--ask-mix W] (pretrain.mix.ask in the mixed stage: the weight of ask examples beside copy 0.3, talk 0.3, choose 0.55)
//     [--combo-rate P] [--combo-ask P] (the teacher's sft.comboRate, preset 0.3, and sft.comboAsk, default 0.5: how
//     often a message carries a second act, and how often a share's second act is an ask for a lacked cell)
import { existsSync } from "node:fs";
import { loadCheckpoint, saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { pretrainBase, resolveTrainConfig } from "@cosir/trainer";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  from: { type: "string" },
  out: { type: "string" },
  "copy-steps": { type: "string", default: "600" },
  steps: { type: "string", default: "600" },
  "copy-mix": { type: "string", default: "0.3" },
  large: { type: "boolean", default: false },
  seed: { type: "string", default: "7" },
  "learning-rate": { type: "string", default: "5e-4" },
  episodes: { type: "string", default: "1500" },
  "cell-negatives": { type: "string", default: "0" },
  "ask-mix": { type: "string", default: "0" },
  "combo-rate": { type: "string" },
  "combo-ask": { type: "string" },
});
const fail = (field, value, expected) => {
  console.error(`continue-pretrain: ${field}: expected ${expected}, got ${JSON.stringify(value)}`);
  process.exit(2);
};
if (values.from === undefined || !existsSync(values.from)) fail("--from", values.from, "a checkpoint directory");
if (values.out === undefined) fail("--out", values.out, "an output directory");
if (existsSync(`${values.out}/checkpoint`)) fail("--out", values.out, "a folder with no checkpoint in it yet");
const int = (flag, min) => {
  const n = Number(values[flag]);
  if (!Number.isInteger(n) || n < min) fail(`--${flag}`, values[flag], `an integer >= ${min}`);
  return n;
};
const copySteps = int("copy-steps", 0);
const steps = int("steps", 0);
const seed = int("seed", 0);
const episodes = int("episodes", 1);
if (copySteps + steps === 0) fail("--steps", values.steps, "some steps (--copy-steps + --steps > 0)");
const probability = (flag) => {
  if (values[flag] === undefined) return undefined;
  const p = Number(values[flag]);
  if (!(p >= 0 && p <= 1)) fail(`--${flag}`, values[flag], "a number in 0..1");
  return p;
};
const copyMix = probability("copy-mix");
const cellNegatives = Number(values["cell-negatives"]);
if (!(cellNegatives >= 0 && cellNegatives < 100))
  fail("--cell-negatives", values["cell-negatives"], "a number in 0..100");
const askMix = probability("ask-mix");
const comboRate = probability("combo-rate");
const comboAsk = probability("combo-ask");
const learningRate = Number(values["learning-rate"]);
if (!(learningRate > 0 && learningRate < 1)) fail("--learning-rate", values["learning-rate"], "a number in (0, 1)");

await selectBackend({ log: null });
const config = resolveTrainConfig({
  preset: "shapes",
  overrides: [
    {
      seed,
      ...(comboRate === undefined && comboAsk === undefined
        ? {}
        : {
            sft: { ...(comboRate === undefined ? {} : { comboRate }), ...(comboAsk === undefined ? {} : { comboAsk }) },
          }),
      pretrain: {
        episodes,
        copySteps,
        steps,
        learningRate,
        cellNegatives,
        warmupSteps: 20,
        mix: { copy: copyMix, talk: 0.3, choose: 0.55, ask: askMix },
        ...(values.large
          ? { shapes: { options: [4, 6], attributes: [5, 8], agents: [3, 5], rounds: [1, 3], visibility: [0.1, 0.5] } }
          : {}),
      },
    },
  ],
});
const pm = await loadCheckpoint(values.from);
const started = Date.now();
await pretrainBase(pm, config, { progress: { stream: process.stderr, plain: !process.stderr.isTTY } }, () => {});
await saveCheckpoint(`${values.out}/checkpoint`, {
  model: pm.model,
  tokenizer: pm.tokenizer,
  extraJson: { role: "base" },
});
console.error(
  `continue-pretrain: ${copySteps + steps} steps in ${((Date.now() - started) / 1000).toFixed(0)} s, wrote ${values.out}/checkpoint`,
);
