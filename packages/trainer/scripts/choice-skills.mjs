#!/usr/bin/env node
// Where a checkpoint's choosing is lost (issue 24): choice = MAP of the agent's evidence and its written scratchpads
// against the teacher's (choiceSkillsByKind), over all final choices and per decision kind (unweighted sum, weighted
// sum, min, total). The evidence comes from the shapes teacher's talk (`--talk teacher`, the default: the choosing
// alone, on the evidence it was taught on) or from the checkpoint's own (`--talk self`: as base.json's heldOut
// measures it). Tasks: `random` tasks over the shapes preset's pretraining shapes, one held-out family at its
// default size, or soloFullInformation's tasks (`--family soloFullInformation`: one agent, the whole 4x4 table, no
// talk; choice = MAP is then its accuracy). One JSON object on stdout, a line per group on stderr.
//   node packages/trainer/scripts/choice-skills.mjs --checkpoint DIR [--tasks 300] [--family heldout.whodunit]
//     [--talk teacher|self] [--temperature 1] [--seed 0] [--total-scratchpad distance|running]
// The scratchpad the tallies are read against is the one the checkpoint was taught: its base.json's
// sft.totalScratchpad (beside the checkpoint folder) unless --total-scratchpad says otherwise, else "distance".
import { heldOutFamilies } from "@cosir/bench";
import { runEpisodes } from "@cosir/env";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import {
  DECISION_KINDS,
  choiceSkillsByKind,
  phasePolicy,
  resolveTrainConfig,
  samplingPolicy,
  scratchpadFor,
  taughtTotalScratchpad,
  shapeTask,
  soloFullInformationTask,
  teacherFromConfig,
} from "@cosir/trainer";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  tasks: { type: "string", default: "300" },
  family: { type: "string" },
  talk: { type: "string", default: "teacher" },
  temperature: { type: "string", default: "1" },
  seed: { type: "string", default: "0" },
  "total-scratchpad": { type: "string" },
});
const fail = (message) => {
  process.stderr.write(`choice-skills: ${message}\n`);
  process.exit(2);
};
if (values.checkpoint === undefined) fail("usage: --checkpoint DIR [--tasks N] [--family NAME] [--talk teacher|self]");
const n = Number(values.tasks);
if (!Number.isInteger(n) || n < 1) fail(`--tasks: expected a positive integer, got ${values.tasks}`);
if (values.talk !== "teacher" && values.talk !== "self") fail(`--talk: expected teacher or self, got ${values.talk}`);
const temperature = Number(values.temperature);
if (!(temperature >= 0 && temperature <= 10)) fail(`--temperature: expected 0..10, got ${values.temperature}`);
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) fail(`--seed: expected a non-negative integer, got ${values.seed}`);
const SOLO = "soloFullInformation";
if (values.family !== undefined && values.family !== SOLO && !(values.family in heldOutFamilies))
  fail(`--family: unknown family ${JSON.stringify(values.family)}`);

const totalScratchpad = values["total-scratchpad"] ?? taughtTotalScratchpad(values.checkpoint);
if (totalScratchpad !== "distance" && totalScratchpad !== "running")
  fail(`--total-scratchpad: expected distance or running, got ${totalScratchpad}`);

await selectBackend({ log: null });
const config = resolveTrainConfig({ preset: "shapes" });
// seeds apart from the pretraining's and the held-out measurement's
const tasks = Array.from({ length: n }, (_, k) =>
  values.family === undefined
    ? shapeTask(config.pretrain.shapes, 7_000_000 + seed * n + k)
    : values.family === SOLO
      ? soloFullInformationTask(1_000_000 + seed * n + k)
      : heldOutFamilies[values.family]({ seed: 1_000_000 + seed * n + k }),
);
const loaded = await loadCheckpoint(values.checkpoint);
const model = samplingPolicy(
  { model: loaded.model, tokenizer: loaded.tokenizer },
  { temperature, maxNewTokens: config.rl.maxNewTokens, seed },
);
const teacherConfig = { ...config, sft: { ...config.sft, totalScratchpad } };
const policy = values.talk === "teacher" ? phasePolicy(teacherFromConfig(teacherConfig), model) : model;
const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
const skills = choiceSkillsByKind(tasks, traces, scratchpadFor(totalScratchpad));
for (const group of ["all", ...DECISION_KINDS]) {
  const s = skills[group];
  if (s.choices === 0) continue;
  process.stderr.write(
    `${group}: ${s.choices} choices, choice=MAP ${s.choiceIsMap.toFixed(3)}, tally error ${s.scratchpad.meanAbsError.toFixed(2)}, ` +
      `exact ${s.scratchpad.exact.toFixed(3)}, follows ${s.scratchpad.followsTally.toFixed(3)}, ` +
      `teacher's ceiling ${s.scratchpad.teacherArgmaxIsMap.toFixed(3)}\n`,
  );
}
process.stdout.write(
  `${JSON.stringify({ checkpoint: values.checkpoint, family: values.family ?? "shapes", talk: values.talk, totalScratchpad, tasks: n, temperature, seed, skills })}\n`,
);
