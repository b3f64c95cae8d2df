import { REWARD_TERMS, summariseRewards, type EpisodeRewards } from "@cosir/rewards";
import { METRICS_LINE_VERSION, type RlMetricsLine } from "../metrics/metrics-line";
import { meanOf, roundMetric } from "../metrics/round-metric";
import type { PpoUpdate } from "./ppo-update";
import type { RlRollout } from "./rl-rollout";
import { rolloutDiagnostics } from "./rollout-diagnostics";

/** An episode's behaviour figures the line reports (@cosir/rewards' behaviourMetrics gives them). */
export interface EpisodeBehaviour {
  messages: number;
  askRate?: number | null;
  disclosure: { decisive: number; disclosed: number };
}

/** Everything one RL iteration measured, for its metrics line. */
export interface RlIterationResult {
  iteration: number;
  /** The reward preset the iteration trained with. */
  preset: string;
  rollout: RlRollout;
  scored: readonly EpisodeRewards[];
  behaviour: readonly EpisodeBehaviour[];
  samples: number;
  dropped: number;
  update: PpoUpdate;
  /** Wall seconds of the whole iteration and of its rollout (scoring included). */
  seconds: number;
  rolloutSeconds: number;
}

/**
 * The metrics.jsonl line of one RL iteration: reward terms and team accuracy over its episodes, disclosure and
 * asking (pooled over episodes), format errors, the update's means, the rollout's diagnostics (repeat rate, PASS
 * rate, ask-answered rate, choice = MAP: rolloutDiagnostics), and timing. Figures are rounded (roundMetric)
 * so lines compare exactly.
 */
export function rlMetricsLine(r: RlIterationResult): RlMetricsLine {
  const { traces } = r.rollout;
  const summary = summariseRewards(r.scored);
  const decisive = r.behaviour.reduce((s, b) => s + b.disclosure.decisive, 0);
  const messages = r.behaviour.reduce((s, b) => s + b.messages, 0);
  const asking = r.behaviour.reduce((s, b) => s + (b.askRate ?? 0) * b.messages, 0);
  const sampledTokens = traces.reduce(
    (s, tr) =>
      s +
      tr.messages.reduce((a, m) => a + (m.tokens?.length ?? 0), 0) +
      tr.choices.reduce((a, c) => a + (c.tokens?.length ?? 0), 0),
    0,
  );
  const { update } = r;
  const diagnostics = rolloutDiagnostics(r.rollout.tasks, traces, r.scored);
  return {
    version: METRICS_LINE_VERSION,
    phase: "rl",
    iteration: r.iteration,
    preset: r.preset,
    episodes: traces.length,
    rewards: Object.fromEntries(
      [...REWARD_TERMS, "total" as const].map((t) => [t, roundMetric(summary[t])]),
    ) as RlMetricsLine["rewards"],
    teamAccuracy: roundMetric(summary.teamAccuracy),
    disclosure:
      decisive === 0 ? 0 : roundMetric(r.behaviour.reduce((s, b) => s + b.disclosure.disclosed, 0) / decisive),
    askRate: messages === 0 ? 0 : roundMetric(asking / messages),
    formatErrors: roundMetric(
      meanOf(
        traces.map(
          (tr) => tr.messages.filter((m) => m.parseError !== undefined).length / Math.max(1, tr.messages.length),
        ),
      ),
    ),
    samples: r.samples,
    droppedZeroAdvantage: r.dropped,
    learningRate: roundMetric(update.learningRate),
    kl: roundMetric(meanOf(update.kl)),
    entropy: roundMetric(meanOf(update.entropy)),
    clipFraction: roundMetric(meanOf(update.clipFraction)),
    policyLoss: roundMetric(meanOf(update.policyLoss)),
    gradNorm: roundMetric(meanOf(update.gradNorm)),
    samplerMismatch: roundMetric(update.samplerMismatch),
    diagnostics: {
      repeatRate: roundMetric(diagnostics.repeatRate),
      passRate: roundMetric(diagnostics.passRate),
      askAnsweredRate: roundMetric(diagnostics.askAnsweredRate),
      choiceMap: roundMetric(diagnostics.choiceMap),
    },
    timing: {
      seconds: roundMetric(r.seconds, 4),
      rolloutSeconds: roundMetric(r.rolloutSeconds, 4),
      episodesPerSecond: roundMetric(traces.length / r.rolloutSeconds, 4),
      sampledTokensPerSecond: roundMetric(sampledTokens / r.rolloutSeconds, 4),
      trainTokensPerSecond: roundMetric(update.trainedTokens / Math.max(1e-9, r.seconds - r.rolloutSeconds), 4),
    },
  };
}
