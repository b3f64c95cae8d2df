#!/usr/bin/env node
// A checkpoint's skills on each held-out family beside the scripted silent team, and on soloFullInformation: what
// `cosir pretrain` writes to base.json's `heldOut`, for any checkpoint, at any temperature and sample size (the
// pretraining's own measurement runs at the RL temperature on pretrain.heldOutEpisodes tasks a family). One JSON
// object on stdout; a line per family on stderr as it finishes.
//   node packages/trainer/scripts/held-out-skills.mjs --checkpoint DIR [--episodes 100] [--temperature 1]
//     [--choice-temperature T] (the choices decoded at T, 0 greedy; absent: at --temperature)
//     [--families heldout.arithmetic,heldout.whodunit] [--seed 0]
import { heldOutFamilies } from "@cosir/bench";
import { choiceTemperatureFlag } from "@cosir/policy";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { measureHeldOutSkills, resolveTrainConfig, taughtScratchpad } from "@cosir/trainer";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  episodes: { type: "string", default: "100" },
  temperature: { type: "string", default: "1" },
  "choice-temperature": { type: "string" },
  families: { type: "string" },
  seed: { type: "string", default: "0" },
});
const fail = (message) => {
  process.stderr.write(`held-out-skills: ${message}\n`);
  process.exit(2);
};
if (values.checkpoint === undefined) fail("usage: --checkpoint DIR [--episodes N] [--temperature T] [--families A,B]");
const episodes = Number(values.episodes);
if (!Number.isInteger(episodes) || episodes < 1)
  fail(`--episodes: expected a positive integer, got ${values.episodes}`);
const temperature = Number(values.temperature);
if (!(temperature >= 0 && temperature <= 10)) fail(`--temperature: expected 0..10, got ${values.temperature}`);
let choiceTemperature;
try {
  choiceTemperature = choiceTemperatureFlag(values["choice-temperature"]);
} catch (e) {
  fail(e.message);
}
const names = values.families === undefined ? Object.keys(heldOutFamilies) : values.families.split(",");
for (const n of names) if (!(n in heldOutFamilies)) fail(`--families: unknown family ${JSON.stringify(n)}`);
await selectBackend({ log: null });
const config = resolveTrainConfig({ preset: "shapes" });
const loaded = await loadCheckpoint(values.checkpoint);
// the tallies are read against the scratchpad the checkpoint was taught (its base.json's sft.totalScratchpad)
const scratchpad = taughtScratchpad(values.checkpoint);
const pm = { model: loaded.model, tokenizer: loaded.tokenizer };
const out = { checkpoint: values.checkpoint, temperature, choiceTemperature, episodes, families: {} };
for (const name of names) {
  const started = Date.now();
  const r = await measureHeldOutSkills(
    pm,
    { [name]: heldOutFamilies[name] },
    {
      temperature,
      choiceTemperature,
      maxNewTokens: config.rl.maxNewTokens,
      seed: Number(values.seed),
      episodes,
      seedOffset: config.eval.seedOffset,
      solo: false,
      scratchpad,
    },
  );
  out.families[name] = r.families[name];
  const f = r.families[name];
  process.stderr.write(
    `${name}: given-cell ${f.givenCellLevel.toFixed(3)} false ${(100 * f.falseClaims).toFixed(1)}% ` +
      `choice=MAP ${f.choiceIsMap.toFixed(3)} team ${f.teamAccuracy.toFixed(3)} silent ${f.silentAccuracy.toFixed(3)} ` +
      `tally error ${f.scratchpad.meanAbsError.toFixed(1)} tally=MAP ${f.scratchpad.tallyArgmaxIsMap.toFixed(3)} ` +
      `(teacher's ${f.scratchpad.teacherArgmaxIsMap.toFixed(3)}) ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}
const solo = await measureHeldOutSkills(
  pm,
  {},
  {
    temperature,
    choiceTemperature,
    maxNewTokens: config.rl.maxNewTokens,
    seed: Number(values.seed),
    episodes,
    seedOffset: config.eval.seedOffset,
  },
);
out.soloFullInformation = solo.soloFullInformation;
process.stderr.write(`soloFullInformation: ${out.soloFullInformation.accuracy.toFixed(3)}\n`);
process.stdout.write(`${JSON.stringify(out)}\n`);
