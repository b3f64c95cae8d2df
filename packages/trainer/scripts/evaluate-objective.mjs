#!/usr/bin/env node
// Held-out evaluation of one checkpoint for the RL-objective comparison in packages/trainer/README.md: team accuracy
// and choice = MAP (Wilson 95% CIs), ask rate, repeat rate, PASS rate and ask-answered rate (seeded bootstrap 95%
// CIs over episodes), on the demo's held-out tasks sampled at the RL temperature. One JSON line on stdout.
//   node packages/trainer/scripts/evaluate-objective.mjs --checkpoint DIR [--episodes 300] [--label NAME]
//     [--preset demo|shapes] [--choice-temperature T]
// The tasks are the preset's held-out tasks (the demo's table plays the first --episodes 3000 of them, sampling seed 0);
// --choice-temperature decodes the choices at T (0: greedy) while the talk stays at the RL temperature.
import { choiceTemperatureFlag } from "@cosir/policy";
import { bootstrapCi, cosirPreset, scoreEpisodeWithMetrics } from "@cosir/rewards";
import { rolloutDiagnostics, wilson95 } from "@cosir/trainer";
import { playCheckpoint } from "./play-checkpoint.mjs";
import { parseScriptArgs } from "./script-args.mjs";

const values = parseScriptArgs(import.meta.url, {
  checkpoint: { type: "string" },
  episodes: { type: "string", default: "300" },
  label: { type: "string" },
  seed: { type: "string", default: "0" },
  preset: { type: "string", default: "demo" },
  "choice-temperature": { type: "string" },
});
if (values.checkpoint === undefined) {
  process.stderr.write("usage: evaluate-objective.mjs --checkpoint DIR [--episodes N] [--label NAME] [--seed S]\n");
  process.exit(2);
}
let choiceTemperature;
try {
  choiceTemperature = choiceTemperatureFlag(values["choice-temperature"]);
} catch (e) {
  process.stderr.write(`${e.message}\n`);
  process.exit(2);
}
const n = Number(values.episodes);
const { tasks, traces } = await playCheckpoint({
  checkpoint: values.checkpoint,
  preset: values.preset,
  episodes: n,
  seed: Number(values.seed),
  choiceTemperature,
});
const scored = traces.map((t, k) => scoreEpisodeWithMetrics(tasks[k], t, cosirPreset));
const rewards = scored.map((s) => s.rewards);
const perEpisode = traces.map((t, k) => rolloutDiagnostics([tasks[k]], [t], [rewards[k]]));
const correct = rewards.filter((r) => r.teamCorrect).length;
const agents = perEpisode.reduce((s, d) => s + d.counts.agents, 0);
const onMap = perEpisode.reduce((s, d) => s + Math.round(d.choiceMap * d.counts.agents), 0);
const ratio = (rate, count) =>
  bootstrapCi(
    perEpisode.map((d) => d[rate] * d.counts[count]),
    perEpisode.map((d) => d.counts[count]),
    { seed: 0 },
  );
const asking = bootstrapCi(
  scored.map((s) => (s.metrics.askRate ?? 0) * s.metrics.messages),
  scored.map((s) => s.metrics.messages),
  { seed: 0 },
);
const round = (x) => (x === null ? null : Math.round(x * 1000) / 1000);
const estimate = (e) => ({ value: round(e.value), ci95: e.ci95?.map(round) ?? null });
const line = {
  label: values.label ?? values.checkpoint,
  episodes: n,
  choiceTemperature,
  accuracy: { value: round(correct / n), ci95: wilson95(correct, n).map(round) },
  choiceMap: { value: round(onMap / agents), ci95: wilson95(onMap, agents).map(round) },
  askRate: estimate(asking),
  repeatRate: estimate(ratio("repeatRate", "shares")),
  passRate: estimate(ratio("passRate", "messages")),
  askAnsweredRate: estimate(ratio("askAnsweredRate", "asks")),
};
process.stdout.write(`${JSON.stringify(line)}\n`);
