import type { BenchSummary, HtmlReportCurve, HtmlReportData, HtmlReportDialogue, HtmlReportTable } from "@cosir/bench";
import { benchSummaryTable } from "@cosir/bench";
import { rewardTerms } from "@cosir/rewards";
import {
  decodingLabel,
  type EvaluatedDialogue,
  type PolicyEvaluation,
  type RlDiagnostics,
  type RlMetricsLine,
  type TrainConfig,
} from "@cosir/trainer";
import { type HeldOutSeedRow, heldOutBySeedTable } from "./held-out-by-seed";
import { type DemoArm, type DemoResult, describeEpisodeRatio } from "./run-demo";

/**
 * The rollout diagnostics (issue 24 item 4) the report plots, each a curve of both arms: SHAREs of a cell already
 * stated, PASS messages, asks answered, final choices equal to the MAP of the agent's evidence.
 */
const diagnosticCurves = [
  ["repeatRate", "Repeat rate"],
  ["passRate", "PASS rate"],
  ["askAnsweredRate", "Asks answered"],
  ["choiceMap", "Choice = MAP"],
] as const satisfies readonly (readonly [keyof RlDiagnostics, string])[];

/** The reward terms the report plots as learning curves (the `curve` rows of @cosir/rewards' table). */
const curveTerms = rewardTerms.filter((t) => t.curve).map((t) => t.name);

const pct = (e: PolicyEvaluation) =>
  `${(100 * e.teamAccuracy).toFixed(1)} [${(100 * e.ci95[0]).toFixed(1)}, ${(100 * e.ci95[1]).toFixed(1)}]`;

/** The demo table as the report shows it (the terminal prints the same rows). */
export function demoPolicyTable(result: DemoResult, episodes: number, decoding = "greedy decoding"): HtmlReportTable {
  return {
    title: `Held-out tasks (${episodes} episodes per policy, ${decoding})`,
    header: ["policy", "team accuracy % [95% CI]", "disclosure", "ask rate", "mean reward", "format errors"],
    rows: Object.entries(result.policies).map(([name, e]) => [
      name,
      pct(e),
      e.disclosure.toFixed(3),
      e.askRate.toFixed(3),
      e.meanReward.toFixed(3),
      e.formatErrors.toFixed(3),
    ]),
    notes: [
      "disclosure: share of decisive private cells disclosed; silent and oracle are scripted teams (floor and ceiling).",
    ],
  };
}

function dialogueOf(policy: string, d: EvaluatedDialogue): HtmlReportDialogue {
  const agent = (i: number) => `A${i}`;
  return {
    title: `${policy} · ${d.taskId}`,
    task: `Correct option o${d.correct}. ${d.sees.map((s, i) => `${agent(i)} sees ${s || "nothing"}`).join("; ")}.`,
    messages: d.messages.map((m) => ({ speaker: agent(m.speaker), text: m.text, reward: m.reward, terms: m.terms })),
    choices: `${d.choices.map((c) => `${agent(c.agent)}: ${c.text} (${c.reward.toFixed(2)})`).join(" · ")} → team ${
      d.teamDecision === null ? "no majority" : `o${d.teamDecision}`
    }`,
  };
}

/**
 * The demo's report (runs/demo/report.html): learning curves of both arms against RL episodes (held-out accuracy,
 * and the training rollouts' share, ask, false-claim and use terms), the held-out tables, and a few dialogues of
 * each policy with every message coloured by its CoSIR reward.
 */
export function demoReport(
  config: TrainConfig,
  result: DemoResult,
  metrics: Readonly<Record<DemoArm, readonly RlMetricsLine[]>>,
  bench?: BenchSummary,
  heldOutRows?: readonly HeldOutSeedRow[],
): HtmlReportData {
  const perIteration = config.rl.tasksPerIteration * config.rl.groupSize;
  const series = (pick: (line: RlMetricsLine) => number) =>
    Object.fromEntries(
      Object.entries(metrics).map(([arm, lines]) => [
        arm,
        lines.map((l) => [(l.iteration + 1) * perIteration, pick(l)] as const),
      ]),
    );
  const curves: HtmlReportCurve[] = [
    {
      title: "Held-out team accuracy",
      xLabel: "RL episodes",
      series: Object.fromEntries(
        Object.entries(result.curves).map(([arm, points]) => [
          arm,
          points.map((p) => [p.episodes, p.teamAccuracy] as const),
        ]),
      ),
    },
    ...curveTerms.map((term) => ({
      title: `${term} term (training rollouts, mean per episode)`,
      xLabel: "RL episodes",
      series: series((l) => l.rewards[term] ?? Number.NaN),
    })),
    { title: "Training team accuracy (sampled)", xLabel: "RL episodes", series: series((l) => l.teamAccuracy) },
    ...diagnosticCurves.map(([key, title]) => ({
      title: `${title} (training rollouts)`,
      xLabel: "RL episodes",
      series: series((l) => l.diagnostics?.[key] ?? Number.NaN),
    })),
  ];
  const tables: HtmlReportTable[] = [demoPolicyTable(result, config.eval.episodes, decodingLabel(config))];
  if (result.seeds.length > 1)
    tables.push({
      title: "Every RL seed",
      header: ["seed", "outcomeOnly % [95% CI]", "cosir % [95% CI]"],
      rows: result.seeds.map((s) => [s.seed, pct(s.outcomeOnly), pct(s.cosir)]),
    });
  if (bench !== undefined) tables.push(benchSummaryTable(bench, { title: "Held-out benchmark families" }));
  if (heldOutRows !== undefined && heldOutRows.length > 0)
    tables.push(heldOutBySeedTable(heldOutRows, config.eval.benchEpisodes));
  const dialogues = Object.entries(result.policies).flatMap(([name, e]) =>
    (e.dialogues ?? []).map((d) => dialogueOf(name, d)),
  );
  return {
    title: "CoSIR demo",
    subtitle: "A pretrained base, then outcome-only RL and CoSIR RL from it with equal episodes and seeds.",
    meta: {
      task: `${config.task.family} ${config.task.options}x${config.task.attributes}, ${config.task.agents} agents, ${config.task.rounds} rounds, visibility ${config.task.visibility ?? 0.5}`,
      "RL per arm": `${config.rl.iterations} iterations x ${perIteration} episodes`,
      "episodes to match": describeEpisodeRatio(result.episodeRatio),
      seconds: Object.entries(result.seconds)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
        .join(", "),
    },
    sections: [
      {
        kind: "curves",
        title: "Learning curves",
        intro: `Both arms from the same base, RL seed ${config.seed}.`,
        curves,
      },
      { kind: "tables", title: "Held-out evaluation", tables },
      {
        kind: "dialogues",
        title: "Dialogues",
        intro: "The first held-out episodes of each policy; a message's colour is its CoSIR reward.",
        dialogues,
      },
    ],
  };
}
