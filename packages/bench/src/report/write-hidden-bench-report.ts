import { basename, join } from "node:path";
import type { HiddenBenchResult } from "../hiddenbench/hidden-bench-types";
import type { Estimate } from "@cosir/rewards";
import { groupedBarChartSvg } from "./grouped-bar-chart-svg";
import { prepareOutputFolder, writeOutputAtomic } from "@cosir/policy";

export interface WriteHiddenBenchReportOptions {
  /** Extra lines for the report header (command line, endpoint, model ...). */
  header?: readonly string[];
  /** Label of the model in the report and summary; default "model". */
  model?: string;
}

/** summary.json of a HiddenBench run: the original metric first, our extras beside it. */
export interface HiddenBenchSummary {
  hiddenbench: {
    model: string;
    protocol: HiddenBenchResult["protocol"];
    rounds: number;
    tasks: number;
    /** True when the run was stopped (Ctrl-C or the deadline) before every task run finished. */
    partial: boolean;
    stopped: HiddenBenchResult["stopped"];
    /** The choices behind the figures (vote reader, plurality, failed turns, tries, runs, requests). */
    settings: HiddenBenchResult["settings"];
    /** Votes asked again, and never read after every try. */
    votes: HiddenBenchResult["votes"];
    /** The original metric: individual accuracy before/after (averaged per run) and the plurality vote. */
    hidden: {
      individualPreAccuracy: Estimate;
      individualAccuracy: Estimate;
      preAccuracy: Estimate;
      accuracy: Estimate;
    };
    full: {
      individualPreAccuracy: Estimate;
      individualAccuracy: Estimate;
      preAccuracy: Estimate;
      accuracy: Estimate;
    } | null;
    gap: HiddenBenchResult["gap"];
    /** Ours, beside the original metric. */
    extras: { disclosure: Estimate; failToAsk: Estimate; ignoredInput: Estimate };
    calls: number;
    errors: number;
    unfinished: number;
    deadlineReached: boolean;
  };
}

const pct = (x: number | null | undefined): string => (x === null || x === undefined ? "-" : (100 * x).toFixed(1));
const cell = (e: Estimate | undefined): string =>
  e === undefined || e.value === null ? "-" : `${pct(e.value)} [${pct(e.ci95?.[0])}, ${pct(e.ci95?.[1])}]`;
const signed = (x: number | null | undefined): string =>
  x === null || x === undefined ? "-" : `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}`;

/** The summary.json object of a HiddenBench result. */
export function hiddenBenchSummary(result: HiddenBenchResult, model = "model"): HiddenBenchSummary {
  const pick = (c: {
    individualPreAccuracy: Estimate;
    individualAccuracy: Estimate;
    preAccuracy: Estimate;
    accuracy: Estimate;
  }) => ({
    individualPreAccuracy: c.individualPreAccuracy,
    individualAccuracy: c.individualAccuracy,
    preAccuracy: c.preAccuracy,
    accuracy: c.accuracy,
  });
  return {
    hiddenbench: {
      model,
      protocol: result.protocol,
      rounds: result.rounds,
      tasks: new Set(result.episodes.map((e) => e.taskId)).size,
      partial: result.stopped !== null || result.unfinished > 0,
      stopped: result.stopped,
      settings: result.settings,
      votes: result.votes,
      hidden: pick(result),
      full: result.full === null ? null : pick(result.full),
      gap: result.gap,
      extras: { disclosure: result.disclosure, failToAsk: result.failToAsk, ignoredInput: result.ignoredInput },
      calls: result.calls,
      errors: result.errors,
      unfinished: result.unfinished,
      deadlineReached: result.deadlineReached,
    },
  };
}

/** The settings line of a report: each choice that decides the figures, named as its flag would set it. */
export function hiddenBenchSettingsLine(result: HiddenBenchResult): string {
  const s = result.settings;
  const rf = s.responseFormat;
  return [
    `vote reader ${s.voteReader}`,
    `missing votes ${s.missingVotes === "drop" ? "dropped" : "a bucket"}`,
    `failed turns ${s.failedTurns === "retry" ? "asked again" : "dropped"}`,
    `${s.tries} tries per vote and turn`,
    `${s.runs} run(s)`,
    s.maxReplyChars === null ? "replies uncut" : `replies cut at ${s.maxReplyChars} chars`,
    ...(rf === null
      ? []
      : [`response_format ${rf.asked}${rf.used !== rf.asked ? ` (the endpoint refused it: ${rf.used})` : ""}`]),
    `thinking ${s.thinkingOff.asked ? `off${s.thinkingOff.used ? "" : " asked, refused by the endpoint"}` : "left on"}`,
  ].join(", ");
}

/** The console table of a HiddenBench result (percentages with 95% bootstrap CIs). */
export function hiddenBenchTable(result: HiddenBenchResult, model = "model"): string {
  const team = result.protocol === "original" ? "plurality vote" : "strict majority";
  const rows: string[][] = [
    ["condition", "individual before", "individual after", `${team} before`, `${team} after`],
    [
      "hidden information",
      cell(result.individualPreAccuracy),
      cell(result.individualAccuracy),
      cell(result.preAccuracy),
      cell(result.accuracy),
    ],
  ];
  if (result.full !== null)
    rows.push(
      [
        "full information",
        cell(result.full.individualPreAccuracy),
        cell(result.full.individualAccuracy),
        cell(result.full.preAccuracy),
        cell(result.full.accuracy),
      ],
      [
        "gap (full - hidden)",
        signed(result.gap?.individualPreAccuracy),
        signed(result.gap?.individualAccuracy),
        "",
        "",
      ],
    );
  const widths = rows[0]?.map((_, k) => Math.max(...rows.map((r) => (r[k] ?? "").length))) ?? [];
  const line = (r: string[]): string => r.map((c, k) => c.padEnd(widths[k] ?? 0)).join("  ");
  const partial =
    result.stopped === "interrupted"
      ? ["PARTIAL: interrupted before every task run finished; unfinished task runs are left out."]
      : [];
  return [
    ...partial,
    `HiddenBench (${result.protocol} protocol, ${result.rounds} rounds) x ${model}: accuracy %, 95% CI`,
    ...rows.map(line),
    `ours, beside: disclosure ${cell(result.disclosure)}, fail-to-ask ${cell(result.failToAsk)}, ignored input ${cell(result.ignoredInput)}`,
    `${result.calls} calls, ${result.errors} failed${result.unfinished > 0 ? `, ${result.unfinished} task runs unfinished${result.deadlineReached ? " (deadline)" : result.stopped === "interrupted" ? " (interrupted)" : ""}` : ""}; votes: ${result.votes.votes}, ${result.votes.retried} asked again, ${result.votes.unread} never read`,
    `settings: ${hiddenBenchSettingsLine(result)}`,
  ].join("\n");
}

/**
 * Writes a HiddenBench run's report into `dir`, the same files as `writeBenchReport`: report.md,
 * summary.json (`hiddenBenchSummary`), accuracy.svg and behaviour.svg, plus episodes.jsonl (every
 * episode with its votes and transcript). Returns the summary and the console table.
 */
export function writeHiddenBenchReport(
  dir: string,
  result: HiddenBenchResult,
  opts: WriteHiddenBenchReportOptions = {},
): { summary: HiddenBenchSummary; table: string } {
  const model = opts.model ?? "model";
  prepareOutputFolder(dir, "dir");
  // design §5.5: each file through the atomic writer, which refuses a link, a folder or a device in its place.
  const write = (path: string, text: string): void => void writeOutputAtomic(path, text, basename(path));
  const summary = hiddenBenchSummary(result, model);
  const table = hiddenBenchTable(result, model);
  const iv = (e: Estimate | undefined): [number, number] | null => e?.ci95 ?? null;
  const conditions = [
    { label: "hidden information", c: result as HiddenBenchResult["full"] & object },
    ...(result.full !== null ? [{ label: "full information", c: result.full }] : []),
  ];
  write(
    join(dir, "accuracy.svg"),
    groupedBarChartSvg({
      title: `HiddenBench individual accuracy (${result.protocol} protocol) x ${model}`,
      series: ["before discussion", "after discussion"],
      groups: conditions.map(({ label, c }) => ({
        label,
        values: [c.individualPreAccuracy.value, c.individualAccuracy.value],
        intervals: [iv(c.individualPreAccuracy), iv(c.individualAccuracy)],
      })),
      yLabel: "share of agents correct",
    }),
  );
  write(
    join(dir, "behaviour.svg"),
    groupedBarChartSvg({
      title: `HiddenBench behaviour (ours, hidden condition) x ${model}`,
      series: [model],
      groups: [
        { label: "disclosure", values: [result.disclosure.value], intervals: [iv(result.disclosure)] },
        { label: "fail-to-ask", values: [result.failToAsk.value], intervals: [iv(result.failToAsk)] },
        { label: "ignored input", values: [result.ignoredInput.value], intervals: [iv(result.ignoredInput)] },
      ],
    }),
  );
  write(join(dir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  write(join(dir, "episodes.jsonl"), result.episodes.map((e) => `${JSON.stringify(e)}\n`).join(""));
  const md = [
    "# CoSIR HiddenBench report",
    "",
    ...(result.stopped === "interrupted"
      ? [
          `**Partial report**: the run was interrupted; ${result.unfinished} of ${result.episodes.length} task runs did not finish and are left out of every figure.`,
          "",
        ]
      : []),
    ...(opts.header ?? []).map((h) => `- ${h}`),
    `- settings: ${hiddenBenchSettingsLine(result)}`,
    "",
    "## The original metric",
    "",
    "```",
    table,
    "```",
    "",
    "## Definitions",
    "",
    `- individual before/after: share of an episode's agents whose vote is the correct answer, before and after the discussion, averaged over episodes (the original's per-run accuracy averaged over runs). Votes read by the ${result.settings.voteReader} reader (${result.settings.voteReader === "original" ? "the first JSON block's `vote`, equal to an option exactly" : "`parseVote`: options as people type them, letters mapped when the options are lettered"}; README "HiddenBench").`,
    `- ${result.protocol === "original" ? `plurality vote: the most frequent final vote (ties: the one counted first; ${result.settings.missingVotes === "drop" ? "unreadable votes left out" : "unreadable votes a bucket of their own"}), correct or not` : "strict majority: more than half of the agents vote for the answer"}.`,
    "- full information: every agent holds the shared and all hidden facts; gap = full - hidden individual accuracy.",
    "- disclosure (ours): share of hidden facts whose distinctive content (words not in the options, description or shared facts) some discussion message stated.",
    "- fail-to-ask (ours): agents whose initial vote was wrong and who never asked a question. ignored input (ours): agents whose initial vote was wrong, who heard every other hidden fact, and kept their vote.",
    "- CIs: seeded percentile bootstrap over tasks (1000 resamples; a task's runs stay together). Failed calls are errors (shown to no one; a vote is asked again until a JSON vote arrives or its tries are spent, then it is no vote); unfinished episodes are left out.",
    "",
    "## Charts",
    "",
    "![accuracy.svg](accuracy.svg)",
    "![behaviour.svg](behaviour.svg)",
    "",
  ].join("\n");
  write(join(dir, "report.md"), md);
  return { summary, table };
}
