import {
  renderMessage,
  type ChatMessage,
  type ChatTool,
  type CollaborationEnv,
  type Phase,
  type Surface,
} from "@cosir/env";
import { speakerName } from "../transcript/speaker-name";

/** What the service returns for the agent to act: its prompt as chat messages, and the same view as canonical text. */
export interface ObservationView {
  agent: number;
  phase: Phase;
  round: number;
  /** Global turn of the message asked for (discussion), else -1. */
  turn: number;
  surface: Surface;
  /** Full prompt for this step (system + user), natural language. */
  chat: ChatMessage[];
  /** The same observation in the compact canonical form. */
  text: string;
  /**
   * For clients that keep one running chat per seat: the teammates' messages since this agent last acted and
   * the cue for this step, as the next user message (what `chat` adds since the agent's previous prompt).
   */
  update: string;
  /** Tool surface only: the tools to offer the model now (pass them as `tools` to the chat template or API). */
  tools?: ChatTool[];
}

/** The observation view of the agent to act, or null when the episode is over. */
export function observationView(env: CollaborationEnv): ObservationView | null {
  const agent = env.agentSelection;
  if (agent === null) return null;
  const obs = env.observe(agent);
  const user = obs.chat[obs.chat.length - 1]?.content ?? "";
  const cue = user.slice(user.lastIndexOf("\n") + 1);
  let since = 0;
  obs.messages.forEach((m, k) => {
    if (m.speaker === agent) since = k + 1;
  });
  const lines = obs.messages.slice(since).map((m) => {
    const surface = obs.surface === "tool" ? "natural" : obs.surface;
    const body = m.parseError !== undefined ? "(unreadable message)" : renderMessage(m.acts, surface, obs.task);
    return `${speakerName(m.speaker, obs.surface)}: ${body}`;
  });
  return {
    agent,
    phase: obs.phase,
    round: obs.round,
    turn: obs.turn,
    surface: obs.surface,
    chat: obs.chat,
    text: obs.text,
    update: lines.length > 0 ? `${lines.join("\n")}\n\n${cue}` : cue,
    ...(obs.tools !== undefined ? { tools: obs.tools } : {}),
  };
}
