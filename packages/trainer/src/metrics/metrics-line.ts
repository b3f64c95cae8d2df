import { REWARD_TERMS, type RewardTerm } from "@cosir/rewards";
import { z } from "zod";
import { meanOf, roundMetric } from "./round-metric";

/** Version of every line of a run's metrics.jsonl; bumped when a field changes meaning or goes away. */
export const METRICS_LINE_VERSION = 1 as const;

/** Wall-clock figures: the only fields two runs of the same config do not share. */
export interface SftTiming {
  seconds: number;
  tokensPerSecond: number;
}

/** One SFT epoch of the warm start. */
export interface SftMetricsLine {
  version: typeof METRICS_LINE_VERSION;
  phase: "sft";
  epoch: number;
  /** Supervised examples (teacher actions) trained on per epoch. */
  examples: number;
  /** Mean next-token loss over the epoch's batches. */
  loss: number;
  timing: SftTiming;
}

/** The line of one SFT epoch: the mean of its batch losses, and `tokens` over `seconds` as its throughput. */
export function sftMetricsLine(
  epoch: number,
  examples: number,
  losses: readonly number[],
  tokens: number,
  seconds: number,
): SftMetricsLine {
  return {
    version: METRICS_LINE_VERSION,
    phase: "sft",
    epoch,
    examples,
    loss: roundMetric(meanOf(losses)),
    timing: { seconds: roundMetric(seconds, 4), tokensPerSecond: roundMetric(tokens / seconds, 4) },
  };
}

export interface RlTiming {
  seconds: number;
  rolloutSeconds: number;
  episodesPerSecond: number;
  sampledTokensPerSecond: number;
  trainTokensPerSecond: number;
}

/** One RL iteration: rollouts, rewards, advantages and PPO updates (docs/design.md §5). */
export interface RlMetricsLine {
  version: typeof METRICS_LINE_VERSION;
  phase: "rl";
  /** 0-based iteration index. */
  iteration: number;
  /** Reward preset the run trains with. */
  preset: string;
  episodes: number;
  /** Mean per episode of each reward term and of the weighted total. */
  rewards: Record<RewardTerm | "total", number>;
  teamAccuracy: number;
  /** Share of decisive private cells disclosed (the `disclosure` behaviour metric of @cosir/rewards). */
  disclosure: number;
  /** Share of messages that contain an ASK. */
  askRate: number;
  /** Mean per episode of the share of messages that failed to parse. */
  formatErrors: number;
  /** Actions trained on, and those dropped for a zero advantage. */
  samples: number;
  droppedZeroAdvantage: number;
  learningRate: number;
  /** Token means over the PPO minibatches. */
  kl: number;
  entropy: number;
  clipFraction: number;
  policyLoss: number;
  gradNorm: number;
  /** Largest |sampler log-prob - learner log-prob| over the iteration's tokens (0 with `rl.oldLogprobs: "sampler"`). */
  samplerMismatch: number;
  /**
   * The rollout's talk and choices (rolloutDiagnostics): repeated SHAREs, PASS messages, asks answered, final
   * choices equal to the MAP of the agent's evidence. Absent in lines written before it existed.
   */
  diagnostics?: RlDiagnostics;
  timing: RlTiming;
}

/** Rates of an RL iteration's rollout, pooled over its episodes (docs/design.md §5.5). */
export interface RlDiagnostics {
  repeatRate: number;
  passRate: number;
  askAnsweredRate: number;
  choiceMap: number;
}

export type MetricsLine = SftMetricsLine | RlMetricsLine;

// JSON writes NaN and Infinity as null; reading back turns null into NaN so every figure stays a number.
const figure = z
  .number()
  .nullable()
  .transform((v) => v ?? Number.NaN);
const count = z.number().int().min(0);

export const SftMetricsLineSchema = z
  .object({
    version: z.literal(METRICS_LINE_VERSION),
    phase: z.literal("sft"),
    epoch: count,
    examples: count,
    loss: figure,
    timing: z.object({ seconds: figure, tokensPerSecond: figure }).strict(),
  })
  .strict() satisfies z.ZodType<SftMetricsLine, z.ZodTypeDef, unknown>;

// One figure per term of @cosir/rewards' table, then the total: a new term is a new key here too.
const rewardFigures = Object.fromEntries([...REWARD_TERMS, "total"].map((t) => [t, figure])) as Record<
  RewardTerm | "total",
  typeof figure
>;

export const RlMetricsLineSchema = z
  .object({
    version: z.literal(METRICS_LINE_VERSION),
    phase: z.literal("rl"),
    iteration: count,
    preset: z.string(),
    episodes: count,
    rewards: z.object(rewardFigures).strict(),
    teamAccuracy: figure,
    disclosure: figure,
    askRate: figure,
    formatErrors: figure,
    samples: count,
    droppedZeroAdvantage: count,
    learningRate: figure,
    kl: figure,
    entropy: figure,
    clipFraction: figure,
    policyLoss: figure,
    gradNorm: figure,
    samplerMismatch: figure,
    diagnostics: z
      .object({ repeatRate: figure, passRate: figure, askAnsweredRate: figure, choiceMap: figure })
      .strict()
      .optional(),
    timing: z
      .object({
        seconds: figure,
        rolloutSeconds: figure,
        episodesPerSecond: figure,
        sampledTokensPerSecond: figure,
        trainTokensPerSecond: figure,
      })
      .strict(),
  })
  .strict() satisfies z.ZodType<RlMetricsLine, z.ZodTypeDef, unknown>;

/** One line of metrics.jsonl, either phase. */
export const MetricsLineSchema = z.discriminatedUnion("phase", [SftMetricsLineSchema, RlMetricsLineSchema]);
