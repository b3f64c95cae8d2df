import type { Observation } from "@cosir/env";
import type { PromptCompletion } from "@cosir/policy/tfjs";
import type { EpisodeRewards } from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import { computeActAdvantages } from "../rl/act-advantages";
import { computeAdvantages } from "../rl/advantages";
import { buildTrajectoriesFor, type BuiltTrajectories } from "../rollout/build-trajectories";
import { actSpans } from "./act-spans";
import { promptIds, type PolicyModel } from "./policy-model";
import type { RlRollout } from "./rl-rollout";

/** One action the PPO update learns from: its tokens, its advantage and its per-token log-probs. */
export interface RlSample extends PromptCompletion {
  /** The action's advantage (with per-act credit, the mean over its tokens). */
  advantage: number;
  /** Per completion token, when the tokens of one action differ (`rl.credit: "act"`); else `advantage` on each. */
  tokenAdvantages?: number[];
  /** Log-probs recorded when the tokens were sampled. */
  sampled: number[];
  /** "Old" log-probs of PPO's ratio and the reference's, set before the update (attachLogprobs). */
  old?: number[];
  ref?: number[];
  /** Index of the (episode, seat) trajectory it belongs to: ppoUpdate keeps a trajectory's samples together. */
  trajectory?: number;
}

/** Each action's per-token advantages: per message with `rl.credit: "message"`, per act with "act". */
function tokenAdvantages(source: SampleSource, built: BuiltTrajectories, rl: TrainConfig["rl"]): number[][][] {
  const { trajectories, actions } = built;
  if (rl.credit === "act") {
    const separator = source.actSeparator();
    const spans = actions.map((list, t) =>
      list.map((a, k) => actSpans(a.completion, trajectories[t]?.rewards[k] ?? 0, a.actRewards, separator)),
    );
    const advantages = computeActAdvantages(
      trajectories.map((t, i) => ({ group: t.group, turns: (spans[i] ?? []).map((s) => s.rewards) })),
      { gamma: rl.gamma, meanOnly: rl.meanOnly, stdFloor: rl.stdFloor },
    );
    return spans.map((list, t) => list.map((s, k) => s.tokenAct.map((a) => advantages[t]?.[k]?.[a] ?? 0)));
  }
  const advantages = computeAdvantages(trajectories, {
    gamma: rl.gamma,
    meanOnly: rl.meanOnly,
    baseline: rl.baseline,
    stdFloor: rl.stdFloor,
  });
  return actions.map((list, t) => list.map((a, k) => a.completion.map(() => advantages[t]?.[k] ?? 0)));
}

/**
 * The actions of a scored rollout with their group-normalised advantages (docs/design.md §5): trajectories per
 * (episode, seat), advantages with `rl.gamma`, `rl.meanOnly`, `rl.baseline` and `rl.stdFloor`, per message or per
 * act (`rl.credit`). With `rl.choiceGradient: false` a final choice keeps advantage 0 and is never dropped, so the KL
 * still covers it. An action without tokens (a scripted one) is dropped, and so is one whose advantages are all 0
 * when `rl.dropZeroAdvantage`; `dropped` counts both.
 */
export function rlSamples(
  pm: PolicyModel,
  rollout: RlRollout,
  scored: readonly EpisodeRewards[],
  rl: TrainConfig["rl"],
): { samples: RlSample[]; dropped: number } {
  return rlSamplesFor(
    { prompt: (o) => promptIds(pm, o, rl.maxNewTokens), actSeparator: () => pm.tokenizer.id(";") },
    rollout,
    scored,
    rl,
  );
}

/** What `rlSamplesFor` needs of a policy: the prompt ids it read, and (for `rl.credit: "act"`) its act separator. */
export interface SampleSource {
  prompt: (observation: Observation) => number[];
  actSeparator: () => number | undefined;
}

/** `rlSamples` for any token policy (the Hugging Face decoders' too). */
export function rlSamplesFor(
  source: SampleSource,
  rollout: RlRollout,
  scored: readonly EpisodeRewards[],
  rl: TrainConfig["rl"],
): { samples: RlSample[]; dropped: number } {
  const built = buildTrajectoriesFor(
    source.prompt,
    { tasks: rollout.tasks, traces: rollout.traces, rewards: scored },
    { groupSize: rl.groupSize },
  );
  const perToken = tokenAdvantages(source, built, rl);
  const samples: RlSample[] = [];
  let dropped = 0;
  built.actions.forEach((list, t) =>
    list.forEach((a, k) => {
      const protectedChoice = a.kind === "choice" && !rl.choiceGradient;
      const tokens = protectedChoice ? a.completion.map(() => 0) : (perToken[t]?.[k] ?? []);
      const allZero = tokens.every((v) => v === 0);
      if (a.completion.length === 0 || (rl.dropZeroAdvantage && allZero && !protectedChoice)) {
        dropped++;
        return;
      }
      const advantage = tokens.reduce((s, v) => s + v, 0) / tokens.length;
      const uniform = tokens.every((v) => v === tokens[0]);
      samples.push({
        prompt: a.prompt,
        completion: a.completion,
        sampled: a.sampled,
        advantage: uniform ? (tokens[0] as number) : advantage,
        ...(uniform ? {} : { tokenAdvantages: tokens }),
        trajectory: t,
      });
    }),
  );
  return { samples, dropped };
}
