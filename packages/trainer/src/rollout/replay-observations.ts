import { CollaborationEnv, type Observation, type Task, type Trace } from "@cosir/env";
import { CosirError } from "@cosir/bayes";

/** One action of a recorded episode with the observation its agent acted on. */
export interface ReplayedAction {
  observation: Observation;
  agent: number;
  kind: "preChoice" | "message" | "choice";
  /** Index into trace.preChoices, trace.messages or trace.choices. */
  index: number;
  text: string;
  tokens?: number[];
  logprobs?: number[];
}

/**
 * Re-plays a trace through the protocol to recover the observation behind every action, in the
 * order the actions were taken. The trace's texts are stepped verbatim, so the observations are
 * exactly those the policy saw; a trace the protocol cannot reproduce is an error.
 */
export function replayObservations(task: Task, trace: Trace): ReplayedAction[] {
  const env = new CollaborationEnv(task, { surface: trace.surface });
  env.reset(trace.seed);
  const queue: {
    kind: ReplayedAction["kind"];
    index: number;
    agent: number;
    text: string;
    tokens?: number[];
    logprobs?: number[];
  }[] = [
    ...trace.preChoices.map((c, index) => ({
      kind: "preChoice" as const,
      index,
      agent: c.agent,
      text: c.text,
      tokens: c.tokens,
      logprobs: c.logprobs,
    })),
    ...trace.messages.map((m, index) => ({
      kind: "message" as const,
      index,
      agent: m.speaker,
      text: m.text,
      tokens: m.tokens,
      logprobs: m.logprobs,
    })),
    ...trace.choices.map((c, index) => ({
      kind: "choice" as const,
      index,
      agent: c.agent,
      text: c.text,
      tokens: c.tokens,
      logprobs: c.logprobs,
    })),
  ];
  const out: ReplayedAction[] = [];
  for (const item of queue) {
    const agent = env.agentSelection;
    if (agent !== item.agent) {
      throw new CosirError(
        "replay_mismatch",
        `trace ${trace.taskId}: ${item.kind} ${item.index} is by agent ${item.agent} but the protocol expects agent ${String(agent)}`,
      );
    }
    const observation = env.observe(agent);
    const action: ReplayedAction = { observation, agent, kind: item.kind, index: item.index, text: item.text };
    if (item.tokens) action.tokens = item.tokens;
    if (item.logprobs) action.logprobs = item.logprobs;
    out.push(action);
    env.step(item.text);
  }
  if (!env.done)
    throw new CosirError(
      "replay_mismatch",
      `trace ${trace.taskId}: the protocol is not done after every recorded action`,
    );
  return out;
}
