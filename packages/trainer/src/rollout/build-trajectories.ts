import type { Observation, Task, Trace } from "@cosir/env";
import type { PromptCompletion } from "@cosir/policy/tfjs";
import type { EpisodeRewards } from "@cosir/rewards";
import type { Trajectory } from "../rl/advantages";
import { promptIds, type PolicyModel } from "../run/policy-model";
import { replayObservations } from "./replay-observations";

/** One sampled action, ready for the learner: prompt ids, the exact sampled ids and their log-probs. */
export interface RolloutAction extends PromptCompletion {
  /** Log-probs recorded when the tokens were sampled. */
  sampled: number[];
  /** What the action was: a message, the final choice or a pre-discussion choice. */
  kind: "message" | "choice" | "preChoice";
  /** A message scored per act (scoreEpisode's `perAct`): each act's weighted reward, summing to the message's. */
  actRewards?: number[];
}

export interface BuiltTrajectories {
  /** One per (episode, seat), in episode then seat order: its group and per-turn rewards. */
  trajectories: Trajectory[];
  /** The actions of each trajectory, in the same order as its rewards. */
  actions: RolloutAction[][];
}

/**
 * Each (episode, seat) is one trajectory (docs/design.md §5): its actions in order with the reward each
 * earned — a message's weighted total at the message, the agent's final total at its final choice, 0
 * at a pre-discussion choice. Episodes come in groups of `groupSize` consecutive episodes of one task;
 * advantage groups are (task, seat).
 */
export function buildTrajectories(
  pm: PolicyModel,
  episodes: { tasks: readonly Task[]; traces: readonly Trace[]; rewards: readonly EpisodeRewards[] },
  options: { groupSize: number; maxNewTokens: number },
): BuiltTrajectories {
  return buildTrajectoriesFor((o) => promptIds(pm, o, options.maxNewTokens), episodes, options);
}

/** `buildTrajectories` for any policy: `promptOf` gives the prompt ids the policy read for an observation. */
export function buildTrajectoriesFor(
  promptOf: (observation: Observation) => number[],
  episodes: { tasks: readonly Task[]; traces: readonly Trace[]; rewards: readonly EpisodeRewards[] },
  options: { groupSize: number },
): BuiltTrajectories {
  const trajectories: Trajectory[] = [];
  const actions: RolloutAction[][] = [];
  episodes.traces.forEach((trace, e) => {
    const task = episodes.tasks[e] as Task;
    const replayed = replayObservations(task, trace);
    const rewards = episodes.rewards[e] as EpisodeRewards;
    for (let seat = 0; seat < task.agents; seat++) {
      const mine = replayed.filter((r) => r.agent === seat);
      trajectories.push({
        group: `${Math.floor(e / options.groupSize)}/${seat}`,
        rewards: mine.map((r) =>
          r.kind === "message"
            ? (rewards.messages[r.index]?.total ?? 0)
            : r.kind === "choice"
              ? (rewards.agents[seat]?.total ?? 0)
              : 0,
        ),
      });
      actions.push(
        mine.map((r) => {
          const acts = r.kind === "message" ? rewards.messages[r.index]?.acts : undefined;
          return {
            prompt: promptOf(r.observation),
            completion: r.tokens ?? [],
            sampled: r.logprobs ?? [],
            kind: r.kind,
            ...(acts !== undefined ? { actRewards: acts } : {}),
          };
        }),
      );
    }
  });
  return { trajectories, actions };
}
