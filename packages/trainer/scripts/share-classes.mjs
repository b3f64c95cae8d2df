#!/usr/bin/env node
// A checkpoint's SHAREs on shapes tasks by where the cell came from (an own cell nobody stated, by team size; an own
// cell already stated; a cell it neither saw nor heard; a heard cell restated; an own cell at a wrong level), and the
// mean CoSIR reward (cosirPreset) of the messages that are that one SHARE: why RL over shapes turns silent (trainer
// README). Shapes tasks of the shapes preset, seeds 700000 + k, sampled at temperature 1.
//   node packages/trainer/scripts/share-classes.mjs --checkpoint models/shapes-base/checkpoint [--episodes 300]
import { runEpisodes, parseCanonical } from "@cosir/env";
import { cosirPreset, scoreEpisodeWithMetrics } from "@cosir/rewards";
import { loadCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { resolveTrainConfig, shapeTask, samplingPolicy } from "@cosir/trainer";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  episodes: { type: "string", default: "300" },
});
const ckpt = values.checkpoint;
const N = Number(values.episodes);
if (ckpt === undefined) {
  process.stderr.write("share-classes: --checkpoint DIR is required\n");
  process.exit(2);
}
if (!Number.isInteger(N) || N < 1) {
  process.stderr.write(`share-classes: --episodes: expected an integer >= 1, got ${JSON.stringify(values.episodes)}\n`);
  process.exit(2);
}
await selectBackend({ log: null });
const config = resolveTrainConfig({ preset: "shapes" });
const tasks = Array.from({ length: N }, (_, k) => shapeTask(config.pretrain.shapes, 700000 + k));
const l = await loadCheckpoint(ckpt);
const pol = samplingPolicy({ model: l.model, tokenizer: l.tokenizer }, { temperature: 1, maxNewTokens: 24, seed: 0 });
const traces = await runEpisodes(tasks, pol, { surface: "canonical", seed: tasks.map((_, k) => k) });
const cls = {};
const add = (k, r) => {
  const g = (cls[k] ??= { n: 0, sum: 0, rn: 0 });
  g.n++;
  if (r !== undefined) {
    g.sum += r;
    g.rn++;
  }
};
let msgs = 0,
  passes = 0;
traces.forEach((tr, k) => {
  const t = tasks[k];
  const { rewards } = scoreEpisodeWithMetrics(t, tr, cosirPreset);
  const stated = new Map();
  tr.messages.forEach((m, i) => {
    msgs++;
    const p = m.acts ? { acts: m.acts } : parseCanonical(m.text, t);
    if (p.error) {
      add("invalid");
      return;
    }
    const acts = p.acts;
    if (!acts) {
      add("noacts");
      return;
    }
    if (acts.length === 1 && acts[0].kind === "pass") passes++;
    const single = acts.length === 1;
    for (const a of acts) {
      if (a.kind !== "share") continue;
      const cell = a.option * t.attributes + a.attribute;
      const own = t.visibility[m.speaker].includes(cell);
      const heard = [...(stated.get(cell) ?? [])].some((s) => s !== m.speaker);
      const right = t.table[a.option][a.attribute] === a.level;
      const said = stated.has(cell);
      const kind =
        (own ? "own" : heard ? "heard" : "unseen") +
        (right ? "-true" : "-wrong") +
        (own && right ? `${said ? "-repeat" : "-fresh"}-ag${t.agents}` : "");
      add(kind, single ? rewards.messages[i].total : undefined);
      if (!stated.has(cell)) stated.set(cell, new Set());
      stated.get(cell).add(m.speaker);
    }
  });
});
console.log("messages", msgs, "pass", (passes / msgs).toFixed(3));
for (const [k, g] of Object.entries(cls).sort())
  console.log(
    k.padEnd(14),
    "n",
    g.n,
    "share",
    (g.n / msgs).toFixed(3),
    "single-msg mean reward",
    g.rn ? (g.sum / g.rn).toFixed(3) : "-",
    "(",
    g.rn,
    ")",
  );
