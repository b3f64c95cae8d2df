import type { Surface } from "../messages/act";
import { answerNames } from "../messages/answer-names";
import { renderCanonical } from "../messages/render-canonical";
import { renderMessage } from "../messages/render-message";
import { toolDefinitions } from "../messages/tool-definitions";
import type { ChatMessage, Observation, Phase } from "../policy/policy";
import { publicTask } from "../task/public-task";
import type { PublicTask, Task } from "../task/task";
import type { TraceMessage } from "../trace/trace";
import { ownCells } from "./own-cells";

export interface ObservationState {
  phase: Phase;
  /** Discussion round (0-based); task.rounds in the final-choice phase, 0 before the discussion. */
  round: number;
  /** Global turn index of the message asked for (discussion), else -1. */
  turn: number;
  messages: readonly TraceMessage[];
  surface: Surface;
  /**
   * Natural surface: show in the system prompt one short form, by example, for a fact, a question, a proposal
   * and a pass (default true); false leaves the model to its own wording, which the parser reads as it can.
   */
  guidance?: boolean;
}

/**
 * Canonical observation text (docs/design.md §2): only canonical words, own cells first so that a tokenizer
 * truncating from the oldest history keeps them:
 *   AGENT A1 OF 3 OPTIONS 3 ATTRIBUTES 4 LEVELS 1 5 SUM [WEIGHTS 1 2 1 1] [TOTAL 12 15 17]
 *   SEE o0 a1 4 o2 a3 5 HISTORY A0 : SHARE o1 a2 4 | A1 : PASS ROUND 2 OF 2 SAY
 * The cue is `ROUND r OF R SAY` (discussion, r 1-based), `BEFORE CHOOSE` or `FINAL CHOOSE`.
 * History shows each message's parsed acts (an unparseable message shows as PASS).
 */
export function renderCanonicalObservation(
  task: PublicTask,
  agent: number,
  cells: readonly (readonly [number, number, number])[],
  state: ObservationState,
): string {
  const parts: string[] = [
    `AGENT A${agent} OF ${task.agents} OPTIONS ${task.options} ATTRIBUTES ${task.attributes} LEVELS ${task.levels[0]} ${task.levels[1]} ${task.aggregate.toUpperCase()}`,
  ];
  if (task.weightsAnnounced) parts.push(`WEIGHTS ${task.weights.join(" ")}`);
  if (task.decision.kind === "total") parts.push(`TOTAL ${task.decision.candidates.join(" ")}`);
  parts.push("SEE");
  for (const [o, a, v] of cells) parts.push(`o${o} a${a} ${v}`);
  parts.push("HISTORY");
  parts.push(state.messages.map((m) => `A${m.speaker} : ${renderCanonical(m.acts)}`).join(" | "));
  if (state.phase === "discuss") parts.push(`ROUND ${state.round + 1} OF ${task.rounds} SAY`);
  else parts.push(state.phase === "preChoice" ? "BEFORE CHOOSE" : "FINAL CHOOSE");
  return parts.filter((p) => p !== "").join(" ");
}

function agentName(i: number, surface: Surface): string {
  return surface === "canonical" ? `A${i}` : `Agent ${i + 1}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function systemPrompt(task: PublicTask, agent: number, surface: Surface, guidance = true): string {
  const { optionNoun: noun, options, attributes } = task.domain;
  const [lo, hi] = task.levels;
  const lines: string[] = [];
  lines.push(
    `You are ${agentName(agent, surface)}, one of ${task.agents} agents (${list(Array.from({ length: task.agents }, (_, i) => agentName(i, surface)))}) working as a team.`,
  );
  if (task.decision.kind === "argmax") {
    lines.push(`Together you must find the best ${noun} among ${task.options}: ${list(options)}.`);
    lines.push(
      `Each ${noun} is rated on ${task.attributes} attributes (${list(attributes)}) with whole numbers from ${lo} (worst) to ${hi} (best).`,
    );
    if (task.aggregate === "min")
      lines.push(`A ${noun} is only as good as its worst rating: the best ${noun} has the highest lowest rating.`);
    else if (task.weightsAnnounced)
      lines.push(
        `The best ${noun} has the highest weighted sum of ratings; weights: ${attributes.map((a, i) => `${a} ${task.weights[i]}`).join(", ")}.`,
      );
    else lines.push(`The best ${noun} has the highest sum of ratings.`);
    lines.push(`Exactly one ${noun} is best.`);
  } else {
    lines.push(
      `Together you must find which of these totals is the ${task.weightsAnnounced ? "weighted " : ""}sum of all the numbers in a table: ${list(answerNames(task))}.`,
    );
    lines.push(
      `The table has rows ${list(options)} and columns ${list(attributes)}; each entry is a whole number from ${lo} to ${hi}.`,
    );
  }
  lines.push(
    "Each agent sees only some of the ratings; your teammates see others. Teammates' statements are usually, but not always, correct.",
  );
  lines.push(
    `The team talks for ${task.rounds} round${task.rounds === 1 ? "" : "s"}, each agent speaking once per round in order; every message is seen by all. Then each agent privately chooses, and the team's decision is the answer a strict majority chooses.`,
  );
  if (surface === "tool") {
    lines.push(
      "Act only by calling the tools you are given, one call per act (several calls in one message are fine): share a rating you know, ask for a rating (optionally of one teammate), propose an answer, or pass.",
    );
    lines.push("When asked for your choice, call choose.");
  } else if (surface === "natural") {
    if (guidance) naturalGuidance(task, options, attributes, hi, lines);
    else lines.push("Write your messages in your own words.");
    lines.push(`When asked for your choice, answer "I choose ${answerNames(task)[0] ?? options[0] ?? "X"}."`);
  } else {
    lines.push('Write each message in this exact format, acts separated by " ; ":');
    lines.push("SHARE o<k> a<m> <level>   |   ASK o<k> a<m> [@<agent>]   |   PROPOSE o<k>   |   PASS");
    lines.push(
      `Options: ${options.map((n, k) => `o${k} = ${n}`).join(", ")}. Attributes: ${attributes.map((n, m) => `a${m} = ${n}`).join(", ")}.`,
    );
    lines.push(`Agents: ${Array.from({ length: task.agents }, (_, i) => `@${i} = A${i}`).join(", ")}.`);
    lines.push('When asked for your choice, answer "CHOOSE o<k>".');
  }
  return lines.join("\n");
}

/**
 * The natural surface's guidance (ObservationState.guidance): one short form for each act, shown by example,
 * the forms every reader of the surface takes exactly; and the reasoning rule, so a model does not put facts
 * where they never count.
 */
function naturalGuidance(
  task: PublicTask,
  options: readonly string[],
  attributes: readonly string[],
  hi: number,
  lines: string[],
): void {
  const o = options[0] ?? "X";
  const a = attributes[0] ?? "Y";
  lines.push(
    "Write each message as short sentences in these forms, one fact or question each (other wording may be missed):",
  );
  lines.push(`- state a rating you know: "${o} has ${a} ${hi}."`);
  lines.push(
    `- ask for a rating: "What is the ${a} of ${o}?", optionally followed by "@Agent ${Math.min(2, task.agents)}" to ask one teammate`,
  );
  lines.push(`- suggest an answer: "I propose ${o}."`);
  lines.push(`- say nothing: "Nothing to add."`);
  lines.push("Anything inside <think>…</think> is private and never counts as said.");
}

function userPrompt(
  task: PublicTask,
  agent: number,
  cells: readonly (readonly [number, number, number])[],
  state: ObservationState,
): string {
  const { options, attributes, optionNoun: noun } = task.domain;
  const lines: string[] = [];
  if (cells.length === 0) lines.push("You see no ratings yourself.");
  else {
    lines.push("The ratings you can see (teammates see other ratings, and may share some of yours):");
    for (const [o, a, v] of cells)
      lines.push(
        state.surface === "canonical" ? `- SHARE o${o} a${a} ${v}` : `- ${options[o]} has ${attributes[a]} ${v}.`,
      );
  }
  lines.push("");
  if (state.messages.length === 0) lines.push("No messages yet.");
  else {
    lines.push("Messages so far:");
    for (const m of state.messages) {
      const who =
        m.speaker === agent ? `${agentName(m.speaker, state.surface)} (you)` : agentName(m.speaker, state.surface);
      // the tool surface shows past messages as natural sentences (what was said, not how it was called)
      const surface = state.surface === "tool" ? "natural" : state.surface;
      const body = m.parseError !== undefined ? "(unreadable message)" : renderMessage(m.acts, surface, task);
      lines.push(`${who}: ${body}`);
    }
  }
  lines.push("");
  const choose =
    state.surface === "tool"
      ? "a call to choose."
      : state.surface === "natural"
        ? `"I choose <name>."`
        : `"CHOOSE o<k>"`;
  const what = task.decision.kind === "argmax" ? `the ${noun} you think is best` : "the total you think is right";
  if (state.phase === "discuss") {
    lines.push(`Round ${state.round + 1} of ${task.rounds}. It is your turn: write your message.`);
  } else if (state.phase === "preChoice") {
    lines.push(`Before the discussion, privately choose ${what}. Answer only with ${choose}`);
  } else {
    lines.push(`The discussion is over. Privately choose ${what}. Answer only with ${choose}`);
  }
  return lines.join("\n");
}

/**
 * What agent `agent` sees now (docs/design.md §2): canonical text and natural-language chat messages, and on
 * the tool surface the tools to call.
 */
export function renderObservation(task: Task, agent: number, state: ObservationState): Observation {
  const pub = publicTask(task);
  const cells = ownCells(task, agent);
  return {
    taskId: task.id,
    agent,
    phase: state.phase,
    round: state.round,
    turn: state.turn,
    surface: state.surface,
    task: pub,
    ownCells: cells,
    messages: state.messages.slice(),
    text: renderCanonicalObservation(pub, agent, cells, state),
    chat: [
      { role: "system", content: systemPrompt(pub, agent, state.surface, state.guidance) },
      { role: "user", content: userPrompt(pub, agent, cells, state) },
    ] satisfies ChatMessage[],
    ...(state.surface === "tool"
      ? { tools: toolDefinitions(pub, state.phase === "discuss" ? "message" : "choice") }
      : {}),
  };
}
