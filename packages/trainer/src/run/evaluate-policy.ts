import { cellPosition, runEpisodes, type Policy, type Task } from "@cosir/env";
import { cosirPreset, scoreEpisodeWithMetrics, summariseRewards, type EpisodeRewards } from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import { wilson95 } from "../metrics/wilson95";
import { trainingTask } from "../rollout/training-data";

export interface PolicyEvaluation {
  episodes: number;
  teamAccuracy: number;
  ci95: [number, number];
  /** Share of decisive private cells disclosed during the discussion (@cosir/rewards' definition). */
  disclosure: number;
  /** Share of messages that contain an ASK. */
  askRate: number;
  /** Mean CoSIR reward total per episode (all agents). */
  meanReward: number;
  formatErrors: number;
  /** The first few held-out episodes with each message's CoSIR reward (when asked for). */
  dialogues?: EvaluatedDialogue[];
}

/** One held-out episode as a reader sees it: who said what, and what each message earned (CoSIR preset). */
export interface EvaluatedDialogue {
  taskId: string;
  correct: number;
  teamDecision: number | null;
  /** Each agent's own cells, "o<k> a<m> <level>". */
  sees: string[];
  messages: { speaker: number; text: string; reward: number; terms: Record<string, number> }[];
  choices: { agent: number; text: string; reward: number }[];
}

/** Held-out evaluation tasks: the training family on seeds no training iteration draws. */
export function evaluationTasks(config: TrainConfig, n = config.eval.episodes): Task[] {
  return Array.from({ length: n }, (_, k) => trainingTask(config, "eval", config.eval.seedOffset + k));
}

/** Plays a policy on the given tasks and measures team accuracy (Wilson 95% CI), disclosure and asking. */
export async function evaluatePolicy(
  policy: Policy,
  tasks: readonly Task[],
  options: { dialogues?: number } = {},
): Promise<PolicyEvaluation> {
  const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, k) => k) });
  // Rewards and behaviour metrics from one evidence replay per episode.
  const both = traces.map((t, k) => scoreEpisodeWithMetrics(tasks[k] as Task, t, cosirPreset));
  const scored = both.map((b) => b.rewards);
  const summary = summariseRewards(scored);
  const behaviour = both.map((b) => b.metrics);
  const decisive = behaviour.reduce((s, b) => s + b.disclosure.decisive, 0);
  const messages = behaviour.reduce((s, b) => s + b.messages, 0);
  const correct = scored.filter((s) => s.teamCorrect).length;
  const dialogues = traces.slice(0, options.dialogues ?? 0).map((trace, k): EvaluatedDialogue => {
    const task = tasks[k] as Task;
    const rewards = scored[k] as EpisodeRewards;
    return {
      taskId: task.id,
      correct: task.correct,
      teamDecision: trace.teamDecision,
      sees: task.visibility.map((cells) =>
        cells
          .map((c) => {
            const [o, a] = cellPosition(task, c);
            return `o${o} a${a} ${task.table[o]?.[a]}`;
          })
          .join(", "),
      ),
      messages: trace.messages.map((m, i) => ({
        speaker: m.speaker,
        text: m.text,
        reward: rewards.messages[i]?.total ?? 0,
        terms: { ...(rewards.messages[i]?.terms ?? {}) },
      })),
      choices: trace.choices.map((c) => ({
        agent: c.agent,
        text: c.text,
        reward: rewards.agents.find((a) => a.agent === c.agent)?.total ?? 0,
      })),
    };
  });
  return {
    ...(options.dialogues ? { dialogues } : {}),
    episodes: traces.length,
    teamAccuracy: traces.length === 0 ? 0 : correct / traces.length,
    ci95: wilson95(correct, traces.length),
    disclosure: decisive === 0 ? 0 : behaviour.reduce((s, b) => s + b.disclosure.disclosed, 0) / decisive,
    askRate: messages === 0 ? 0 : behaviour.reduce((s, b) => s + (b.askRate ?? 0) * b.messages, 0) / messages,
    meanReward: summary.total,
    formatErrors:
      messages === 0
        ? 0
        : traces.reduce((s, t) => s + t.messages.filter((m) => m.parseError !== undefined).length, 0) / messages,
  };
}
