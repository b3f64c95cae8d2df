#!/usr/bin/env node
// Where a checkpoint's false SHAREs come from (issue 24's "false claims <= 5%"): each SHARE of the training family or
// of one held-out family classed as an own cell (right or wrong level), a heard cell restated (as heard, or not), or a
// cell the speaker neither saw nor heard, and that last kind split by whether it answers an ask for that cell and by
// how it sits against the speaker's own cells: an adjacent pair's recombination (the option of one SEE entry with the
// attribute of the next or previous), in an own row and an own column, in an own row, in an own column, or neither.
// Beside each split, the share of all cells the speaker could not know that have that shape: what picking an unknown
// cell at random would give; and the unseen share by round and in the first message (round 0's first speaker, who has
// heard nothing). Talk sampled at the RL temperature, choices greedy, the tasks of ask-states.mjs; with --shapes JSON
// (pretraining shapes, PretrainShapesSchema) `random` tasks drawn over those shapes instead.
//   node packages/trainer/scripts/false-shares.mjs --checkpoint DIR [--family heldout.bigTeam | --shapes JSON]
//     [--episodes 100]
import { knownFamily, parseShapesFlag, playCheckpoint } from "./play-checkpoint.mjs";
import { parseScriptArgs } from "./script-args.mjs";

const fail = (message) => {
  process.stderr.write(`false-shares: ${message}\n`);
  process.exit(2);
};
const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  episodes: { type: "string", default: "100" },
  family: { type: "string" },
  shapes: { type: "string" },
  preset: { type: "string", default: "shapes" },
});
if (values.checkpoint === undefined) fail("--checkpoint DIR is required");
const n = Number(values.episodes);
if (!Number.isInteger(n) || n < 1) fail(`--episodes: expected an integer >= 1, got ${JSON.stringify(values.episodes)}`);
if (!knownFamily(values.family)) fail(`--family: unknown family ${JSON.stringify(values.family)}`);
if (values.family !== undefined && values.shapes !== undefined) fail("--family and --shapes: give one of them");
let shapes;
if (values.shapes !== undefined) {
  const parsed = parseShapesFlag(values.shapes);
  if (parsed.error !== undefined) fail(parsed.error);
  shapes = parsed.shapes;
}

const { tasks, traces } = await playCheckpoint({
  checkpoint: values.checkpoint,
  preset: values.preset,
  family: values.family,
  shapes,
  episodes: n,
  choiceTemperature: 0,
});

/** How cell c sits against the sorted own cells `list` of a task with A attributes. */
const shape = (list, A, c) => {
  const row = (x) => Math.floor(x / A) === Math.floor(c / A);
  const col = (x) => x % A === c % A;
  if (list.some((x, i) => row(x) && [list[i - 1], list[i + 1]].some((y) => y !== undefined && col(y))))
    return "adjacent pair";
  const r = list.some(row);
  const k = list.some(col);
  return r && k ? "own row and column" : r ? "own row" : k ? "own column" : "neither";
};
const counts = {};
const chance = {};
const byRound = {};
const firstMessage = { shares: 0, unseen: 0 };
let shares = 0;
let unseen = 0;
const bump = (o, k, by = 1) => {
  o[k] = (o[k] ?? 0) + by;
};
traces.forEach((trace, k) => {
  const task = tasks[k];
  const A = task.attributes;
  const heard = Array.from({ length: task.agents }, () => new Map());
  const asked = Array.from({ length: task.agents }, () => new Set());
  for (const m of trace.messages) {
    const own = new Set(task.visibility[m.speaker]);
    const list = [...own].sort((x, y) => x - y);
    for (const a of m.acts) {
      if (a.kind !== "share") continue;
      shares++;
      const round = (byRound[m.round] ??= { shares: 0, unseen: 0 });
      const first = m.round === 0 && m.speaker === 0;
      round.shares++;
      if (first) firstMessage.shares++;
      const c = a.option * A + a.attribute;
      const right = task.table[a.option]?.[a.attribute] === a.level;
      if (own.has(c)) bump(counts, right ? "own, right level" : "own, wrong level");
      else if (heard[m.speaker].has(c))
        bump(counts, heard[m.speaker].get(c) === a.level ? "heard, restated" : "heard, another level");
      else {
        unseen++;
        round.unseen++;
        if (first) firstMessage.unseen++;
        bump(counts, `unseen${asked[m.speaker].has(c) ? ", after an ask for it" : ""}: ${shape(list, A, c)}`);
        const unknown = [];
        for (let q = 0; q < task.options * A; q++) if (!own.has(q) && !heard[m.speaker].has(q)) unknown.push(q);
        for (const q of unknown) bump(chance, shape(list, A, q), 1 / unknown.length);
      }
    }
    for (const a of m.acts)
      for (let j = 0; j < task.agents; j++)
        if (j !== m.speaker) {
          if (a.kind === "ask") asked[j].add(a.option * A + a.attribute);
          if (a.kind === "share") heard[j].set(a.option * A + a.attribute, a.level);
        }
  }
});
const r3 = (x) => Math.round(x * 1000) / 1000;
const out = {
  checkpoint: values.checkpoint,
  family: values.family ?? (shapes === undefined ? "training" : "shapes"),
  ...(shapes === undefined ? {} : { shapes }),
  episodes: n,
  shares,
  classes: {},
};
for (const [key, v] of Object.entries(counts).sort((x, y) => y[1] - x[1])) out.classes[key] = r3(v / shares);
out.unseenShare = r3(unseen / shares);
out.unseenByRound = {};
for (const [r, v] of Object.entries(byRound))
  out.unseenByRound[r] = { shares: v.shares, unseen: r3(v.unseen / v.shares) };
out.unseenFirstMessage = { shares: firstMessage.shares, unseen: r3(firstMessage.unseen / firstMessage.shares) };
out.unseenAtRandom = {};
for (const [key, v] of Object.entries(chance).sort()) out.unseenAtRandom[key] = r3(v / unseen);
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
