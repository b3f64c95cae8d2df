// @cosir/bench: benchmark API, held-out benchmarks, behaviour metrics from the evaluator, reports.
// No tfjs here: a tfjs policy is passed in as a plain Policy.

// Behaviour metrics (README "Metrics")
/** Moved to @cosir/rewards (one replay pass with the reward terms); re-exported so bench's API keeps working. */
export {
  METRIC_THRESHOLDS,
  aggregateBehaviourMetrics,
  askRateMetric,
  behaviourMetrics,
  bootstrapCi,
  disclosureMetric,
  failToAskMetric,
  falseClaimsMetric,
  formatMetric,
  ignoredInputMetric,
  individualAccuracyMetric,
  metricRate,
  preAccuracyMetric,
  teamOutcomeMetric,
  tokensMetric,
  withholdingMetric,
} from "@cosir/rewards";
/** Moved to @cosir/rewards; re-exported so bench's API keeps working. */
export type { AggregateMetrics, BootstrapOptions, EpisodeMetrics, Estimate } from "@cosir/rewards";

// Benchmark API
export { BENCHMARK_API_VERSION } from "./benchmark/benchmark";
export type { Benchmark, BenchmarkScore, InstanceSchema, PlayOptions, Team } from "./benchmark/benchmark";
export { taskBenchmark } from "./benchmark/task-benchmark";
export type { TaskBenchmarkSpec } from "./benchmark/task-benchmark";
export { builtInBenchmarks } from "./benchmark/built-in-benchmarks";
// The held-out families (moved here from @cosir/env): generators, their table and registration with env's registry
export type { HeldOutFamily } from "./families/held-out-families";
export {
  heldOutFamilies,
  heldOutFamilyNames,
  heldOutFamilyTable,
  registerHeldOutFamilies,
} from "./families/held-out-families";
export { heldOutHiddenProfileTask } from "./families/held-out-hidden-profile-task";
export { weightedDecisionTask } from "./families/weighted-decision-task";
export { meetingSchedulingTask } from "./families/meeting-scheduling-task";
export { whodunitTask } from "./families/whodunit-task";
export { arithmeticTask } from "./families/arithmetic-task";
export { bigTeamTask } from "./families/big-team-task";
export { asymmetricExpertiseTask } from "./families/asymmetric-expertise-task";
export { benchmarkRegistry } from "./benchmark/benchmark-registry";
export { benchmarkShapeProblems, isBenchmark } from "./benchmark/is-benchmark";
export { loadBenchmarks } from "./benchmark/load-benchmarks";
export type { LoadBenchmarksOptions } from "./benchmark/load-benchmarks";
export { runBenchmark } from "./benchmark/run-benchmark";
export type { BenchmarkRun, RunBenchmarkOptions } from "./benchmark/run-benchmark";

// Reports
export { HELD_OUT_SUM_LABEL, benchSummary } from "./report/bench-summary";
export {
  heldOutSumBootstrap,
  type HeldOutSumBootstrapOptions,
  type HeldOutSumEstimate,
} from "./report/held-out-sum-bootstrap";
export type { BenchSummary, BenchSummaryEntry } from "./report/bench-summary";
export { benchTable } from "./report/bench-table";
export { groupedBarChartSvg } from "./report/grouped-bar-chart-svg";
export type { BarGroup } from "./report/grouped-bar-chart-svg";
export { lineChartSvg } from "./report/line-chart-svg";
export { overlaidLineChartSvg } from "./report/overlaid-line-chart-svg";
export type { OverlaidLineChartOptions } from "./report/overlaid-line-chart-svg";
export { renderHtmlReport, writeHtmlReport } from "./report/html-report";
export type {
  HtmlReportCell,
  HtmlReportCurve,
  HtmlReportData,
  HtmlReportDialogue,
  HtmlReportMessage,
  HtmlReportSection,
  HtmlReportTable,
} from "./report/html-report";
export { rewardColor, rewardTone } from "./report/reward-color";
export { curvesFromMetrics } from "./report/curves-from-metrics";
export type { CurvesFromMetricsOptions } from "./report/curves-from-metrics";
export { armCurves } from "./report/arm-curves";
export type { ArmCurvesOptions } from "./report/arm-curves";
export { benchSummaryTable } from "./report/bench-summary-table";
export type { BenchSummaryTableOptions } from "./report/bench-summary-table";
export { metricsSeries } from "./report/metrics-series";
export { writeBenchReport } from "./report/write-bench-report";
/** The atomic writer and output checks, moved to @cosir/policy; re-exported so imports from @cosir/bench keep working. */
export type { AtomicOutput } from "@cosir/policy";
export {
  checkOutputFolder,
  checkOutputPath,
  openOutputAtomic,
  prepareOutputFolder,
  writeOutputAtomic,
} from "@cosir/policy";
export type { WriteBenchReportOptions } from "./report/write-bench-report";
export {
  hiddenBenchSettingsLine,
  hiddenBenchSummary,
  hiddenBenchTable,
  writeHiddenBenchReport,
} from "./report/write-hidden-bench-report";
export type { HiddenBenchSummary, WriteHiddenBenchReportOptions } from "./report/write-hidden-bench-report";

// Chat endpoints
export type { ChatReply, ChatRequestOptions, ChatResponder } from "./chat/chat-responder";
export { EndpointUnreachableError } from "./chat/endpoint-unreachable-error";
export { openAiChatResponder } from "./chat/open-ai-chat-responder";
export type { OpenAiChatResponderOptions } from "./chat/open-ai-chat-responder";
export { responderPolicy } from "./chat/responder-policy";

// HiddenBench
export { HiddenBenchTaskSchema, loadHiddenBench } from "./hiddenbench/hidden-bench-task";
export type { HiddenBenchTask } from "./hiddenbench/hidden-bench-task";
export { enoughWords, factStated, normaliseText } from "./hiddenbench/fact-stated";
export { normaliseOptionText, optionLabels, parseVote } from "./hiddenbench/parse-vote";
export { firstJsonBlock, readVote, stripThinking } from "./hiddenbench/read-vote";
export type { HiddenBenchVoteReader, VoteRead } from "./hiddenbench/read-vote";
export { RequestLadder, VOTE_JSON_SCHEMA } from "./hiddenbench/request-ladder";
export { fillPrompt, HIDDEN_BENCH_PROMPTS } from "./hiddenbench/hidden-bench-prompts";
export type { HiddenBenchPrompts } from "./hiddenbench/hidden-bench-prompts";
export { runHiddenBench } from "./hiddenbench/run-hidden-bench";
export { scriptedHiddenBenchServer } from "./hiddenbench/scripted-hidden-bench-server";
export type {
  ScriptedHiddenBenchBehaviour,
  ScriptedHiddenBenchCall,
  ScriptedHiddenBenchServer,
  ScriptedHiddenBenchServerOptions,
  ScriptedReplyStyle,
} from "./hiddenbench/scripted-hidden-bench-types";
export type {
  HiddenBenchCondition,
  HiddenBenchConditionResult,
  HiddenBenchEpisode,
  HiddenBenchMessage,
  HiddenBenchProtocol,
  HiddenBenchResponseFormat,
  HiddenBenchResult,
  HiddenBenchSettings,
  HiddenBenchStop,
  HiddenBenchVoteCounts,
  RunHiddenBenchOptions,
} from "./hiddenbench/hidden-bench-types";
