import type { PromptCompletion } from "@cosir/policy/tfjs";
import type { EpisodeRewards } from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import { computeAdvantages } from "../rl/advantages";
import { buildTrajectories } from "../rollout/build-trajectories";
import type { PolicyModel } from "./policy-model";
import type { RlRollout } from "./rl-rollout";

/** One action the PPO update learns from: its tokens, its advantage and its per-token log-probs. */
export interface RlSample extends PromptCompletion {
  advantage: number;
  /** Log-probs recorded when the tokens were sampled. */
  sampled: number[];
  /** "Old" log-probs of PPO's ratio and the reference's, set before the update (attachLogprobs). */
  old?: number[];
  ref?: number[];
  /** Index of the (episode, seat) trajectory it belongs to: ppoUpdate keeps a trajectory's samples together. */
  trajectory?: number;
}

/**
 * The actions of a scored rollout with their group-normalised advantages (docs/design.md §5): trajectories per
 * (episode, seat), advantages with `rl.gamma`, `rl.meanOnly` and `rl.baseline`. An action without tokens (a
 * scripted one) is dropped, and so is one with advantage 0 when `rl.dropZeroAdvantage`; `dropped` counts both.
 */
export function rlSamples(
  pm: PolicyModel,
  rollout: RlRollout,
  scored: readonly EpisodeRewards[],
  rl: TrainConfig["rl"],
): { samples: RlSample[]; dropped: number } {
  const { trajectories, actions } = buildTrajectories(
    pm,
    { tasks: rollout.tasks, traces: rollout.traces, rewards: scored },
    { groupSize: rl.groupSize, maxNewTokens: rl.maxNewTokens },
  );
  const advantages = computeAdvantages(trajectories, {
    gamma: rl.gamma,
    meanOnly: rl.meanOnly,
    baseline: rl.baseline,
  });
  const samples: RlSample[] = [];
  let dropped = 0;
  actions.forEach((list, t) =>
    list.forEach((a, k) => {
      const advantage = (advantages[t] as number[])[k] as number;
      if (a.completion.length === 0 || (rl.dropZeroAdvantage && advantage === 0)) {
        dropped++;
        return;
      }
      samples.push({ prompt: a.prompt, completion: a.completion, sampled: a.sampled, advantage, trajectory: t });
    }),
  );
  return { samples, dropped };
}
