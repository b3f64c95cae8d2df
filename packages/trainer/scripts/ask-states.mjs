#!/usr/bin/env node
// Why asks fall after RL (trainer README, "Why the asks fall"): a checkpoint's messages on the training family (or
// one held-out family) by the speaker's state (an own cell nobody has stated yet to share, or none) and by what it
// did (a fresh own share, another share, an ask, a PASS), with each class's share of messages and mean CoSIR reward
// (cosirPreset), beside what the one-act alternatives would have earned in the same place: one ASK of a cell the
// speaker neither saw nor heard (averaged over those cells, by name of nobody), and one SHARE of a fresh own cell
// (averaged over them). The alternatives are scored by swapping that one message in the trace and rescoring; a
// message's reward depends on the history before it and on itself only. One JSON object on stdout.
//   node packages/trainer/scripts/ask-states.mjs --checkpoint DIR [--episodes 300] [--preset shapes]
//     [--family heldout.asymmetricExpertise] [--choice-temperature 0] [--seed 0]
import { renderCanonical } from "@cosir/env";
import { choiceTemperatureFlag } from "@cosir/policy";
import { cosirPreset, scoreEpisode } from "@cosir/rewards";
import { knownFamily, playCheckpoint } from "./play-checkpoint.mjs";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  episodes: { type: "string", default: "300" },
  preset: { type: "string", default: "shapes" },
  family: { type: "string" },
  "choice-temperature": { type: "string" },
  seed: { type: "string", default: "0" },
});
const fail = (m) => {
  process.stderr.write(`ask-states: ${m}\n`);
  process.exit(2);
};
if (values.checkpoint === undefined) fail("--checkpoint DIR is required");
const n = Number(values.episodes);
if (!Number.isInteger(n) || n < 1) fail(`--episodes: expected an integer >= 1, got ${JSON.stringify(values.episodes)}`);
if (!knownFamily(values.family)) fail(`--family: unknown family ${JSON.stringify(values.family)}`);
let choiceTemperature;
try {
  choiceTemperature = choiceTemperatureFlag(values["choice-temperature"]);
} catch (e) {
  fail(e.message);
}
const { tasks, traces } = await playCheckpoint({
  checkpoint: values.checkpoint,
  preset: values.preset,
  family: values.family,
  episodes: n,
  seed: Number(values.seed),
  choiceTemperature,
});

const classes = {};
const add = (key, reward, alternatives) => {
  const g = (classes[key] ??= { n: 0, reward: 0, ask: [0, 0], share: [0, 0] });
  g.n++;
  g.reward += reward;
  for (const kind of ["ask", "share"])
    if (alternatives[kind] !== null) {
      g[kind][0] += alternatives[kind];
      g[kind][1]++;
    }
};
const cellOf = (task, a) => a.option * task.attributes + a.attribute;
const act = (task, kind, cell) => {
  const option = Math.floor(cell / task.attributes);
  const attribute = cell % task.attributes;
  return kind === "ask"
    ? { kind, option, attribute }
    : { kind, option, attribute, level: task.table[option][attribute] };
};
/** The mean reward of message i replaced by each one-act alternative in `cells`; null when there is none. */
function alternative(task, trace, i, kind, cells) {
  if (cells.length === 0) return null;
  let sum = 0;
  for (const cell of cells) {
    const acts = [act(task, kind, cell)];
    const messages = trace.messages.map((m, j) =>
      j === i ? { turn: m.turn, round: m.round, speaker: m.speaker, text: renderCanonical(acts), acts } : m,
    );
    sum += scoreEpisode(task, { ...trace, messages }, cosirPreset).messages[i].total;
  }
  return sum / cells.length;
}
let messages = 0;
// Each ASK act by what it asked for: a cell the asker sees, one already stated to it, one nobody else sees, one the
// named addressee does not see, or one a teammate (the addressee) sees, the only kind the ask term pays.
const asks = {};
const askClass = (task, i0, a, heardCells) => {
  const c = cellOf(task, a);
  const sees = (j) => task.visibility[j].includes(c);
  const named = a.to !== undefined ? "named " : "";
  if (sees(i0)) return `${named}own`;
  if (heardCells.has(c)) return `${named}stated`;
  if (a.to !== undefined) return sees(a.to) && a.to !== i0 ? "named held" : "named not-held";
  return task.visibility.some((_, j) => j !== i0 && sees(j)) ? "held" : "not-held";
};
traces.forEach((trace, k) => {
  const task = tasks[k];
  const rewards = scoreEpisode(task, trace, cosirPreset);
  const heard = Array.from({ length: task.agents }, () => new Set());
  const stated = new Set();
  trace.messages.forEach((m, i) => {
    messages++;
    const i0 = m.speaker;
    const own = new Set(task.visibility[i0]);
    const fresh = [...own].filter((c) => !stated.has(c));
    const unknown = [];
    for (let c = 0; c < task.options * task.attributes; c++) if (!own.has(c) && !heard[i0].has(c)) unknown.push(c);
    const kinds = m.acts.map((a) =>
      a.kind === "share" ? (own.has(cellOf(task, a)) && !stated.has(cellOf(task, a)) ? "fresh" : "share") : a.kind,
    );
    // A message that did not parse counts as a PASS in the trace; it is its own class here.
    const did = m.parseError !== undefined ? "unparsed" : [...new Set(kinds)].sort().join("+");
    const state = fresh.length > 0 ? "has-fresh" : "no-fresh";
    add(`${state} ${did}`, rewards.messages[i].total, {
      ask: alternative(task, trace, i, "ask", unknown),
      share: alternative(task, trace, i, "share", fresh),
    });
    for (const a of m.acts)
      if (a.kind === "ask") {
        const key = askClass(task, i0, a, heard[i0]);
        asks[key] = (asks[key] ?? 0) + 1;
      }
    for (const a of m.acts)
      if (a.kind === "share") {
        stated.add(cellOf(task, a));
        for (let j = 0; j < task.agents; j++) if (j !== i0) heard[j].add(cellOf(task, a));
      }
  });
});
const r3 = (x) => Math.round(x * 1000) / 1000;
const out = {
  checkpoint: values.checkpoint,
  family: values.family ?? "training",
  episodes: n,
  messages,
  asks,
  classes: {},
};
for (const [key, g] of Object.entries(classes).sort())
  out.classes[key] = {
    share: r3(g.n / messages),
    reward: r3(g.reward / g.n),
    oneAsk: g.ask[1] ? r3(g.ask[0] / g.ask[1]) : null,
    oneFreshShare: g.share[1] ? r3(g.share[0] / g.share[1]) : null,
  };
// The headline figures: how often a message asks, what share of asks the ask term can pay (a teammate, or the named
// addressee, sees the cell and it was not stated), what an ask-only message and a fresh-share-only message earned,
// and what one well-aimed ask and one fresh share would have earned in the same places (means over every message).
const groups = Object.entries(classes);
const count = (pick) => groups.filter(([k]) => pick(k)).reduce((s, [, g]) => s + g.n, 0);
const mean = (pick) => {
  const w = count(pick);
  return w ? r3(groups.filter(([k]) => pick(k)).reduce((s, [, g]) => s + g.reward, 0) / w) : null;
};
const alt = (kind) => {
  const [sum, w] = groups.reduce(([s, w], [, g]) => [s + g[kind][0], w + g[kind][1]], [0, 0]);
  return w ? r3(sum / w) : null;
};
const paid = (asks.held ?? 0) + (asks["named held"] ?? 0);
const totalAsks = Object.values(asks).reduce((s, x) => s + x, 0);
out.summary = {
  askMessages: r3(count((k) => k.includes("ask")) / messages),
  ownAsks: totalAsks ? r3(((asks.own ?? 0) + (asks["named own"] ?? 0)) / totalAsks) : null,
  paidAsks: totalAsks ? r3(paid / totalAsks) : null,
  askOnlyReward: mean((k) => k.endsWith(" ask")),
  freshOnlyReward: mean((k) => k.endsWith(" fresh")),
  oneAsk: alt("ask"),
  oneFreshShare: alt("share"),
};
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
