import { validateTrace, type Trace } from "@cosir/env";
import { scoreEpisode, type EpisodeRewards, type RewardConfig } from "@cosir/rewards";
import type { ResolvedLabel } from "../protocol/cosir-label";
import { parseTranscript } from "../transcript/parse-transcript";
import { responseOf } from "../transcript/response-of";
import { replayTranscript } from "../transcript/replay-transcript";

export interface QueryScore {
  /** The scalar for the engine: the labelled seat's return, or the team's total return. */
  reward: number;
  trace: Trace;
  rewards: EpisodeRewards;
  /** Why part of the transcript was not scored (empty when all of it was). */
  errors: string[];
}

/**
 * Scores one OpenRLHF query against its label: the response (query minus prompt) is either a JSON trace or a
 * transcript (see parseTranscript), replayed through the protocol and scored with @cosir/rewards.
 */
export function scoreQuery(
  query: string,
  prompt: string | undefined,
  label: ResolvedLabel,
  config: RewardConfig,
): QueryScore {
  const response = responseOf(query, prompt);
  let trace: Trace | undefined;
  const errors: string[] = [];
  const trimmed = response.trim();
  if (trimmed.startsWith("{") && trimmed.includes('"messages"')) {
    try {
      const candidate = validateTrace(JSON.parse(trimmed));
      if (candidate.taskId === label.task.id) trace = candidate;
      else
        errors.push(
          `trace.taskId ${JSON.stringify(candidate.taskId)} does not match the label's task ${JSON.stringify(label.task.id)}; read as a transcript`,
        );
    } catch {
      // Not a trace: read it as a transcript.
    }
  }
  if (trace === undefined) {
    const replay = replayTranscript(label.task, parseTranscript(response), label.surface);
    trace = replay.trace;
    errors.push(...replay.errors);
  }
  const rewards = scoreEpisode(label.task, trace, config);
  const reward =
    label.agent !== undefined ? (rewards.returns[label.agent] ?? 0) : rewards.returns.reduce((a, b) => a + b, 0);
  return { reward, trace, rewards, errors };
}
