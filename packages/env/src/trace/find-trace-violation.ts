import type { Act } from "../messages/act";
import { parseChoice } from "../messages/parse-choice";
import { parseMessage } from "../messages/parse-message";
import { teamDecision } from "../protocol/team-decision";
import type { Task } from "../task/task";
import type { Trace, TraceChoice } from "./trace";

/** The first way a trace breaks the protocol: where (field path), what was there, and what was expected. */
export interface TraceViolation {
  field: string;
  value: unknown;
  expectation: string;
}

function sameAct(a: Act, b: Act): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "pass" || b.kind === "pass") return true;
  if (a.kind === "propose" || b.kind === "propose")
    return (a as { option: number }).option === (b as { option: number }).option;
  if (a.option !== b.option || a.attribute !== b.attribute) return false;
  if (a.kind === "share") return a.level === (b as typeof a).level;
  return a.to === (b as typeof a).to;
}

function sameActs(a: readonly Act[], b: readonly Act[]): boolean {
  return a.length === b.length && a.every((act, i) => sameAct(act, b[i] as Act));
}

/**
 * The first protocol violation of a trace against its task (docs/design.md §2), or null when the
 * protocol could have produced it: the task's id and answer; the private pre-choices (only when the
 * task has them), the discussion messages and the final choices each in protocol order (agent k at
 * position k, turn t spoken by agent t mod N in round floor(t / N)), at most N choices and N x rounds
 * messages, a later phase only after the earlier one is complete; every message's `acts` and every
 * choice equal to what its `text` parses to on the trace's surface (a parse error present exactly when
 * the text does not parse); `teamDecision` null or the strict majority of the N final choices. A
 * prefix of an episode (truncated, or still running) is valid. Sizes are checked before any text is
 * parsed, so a forged trace is refused in time linear in the protocol's own size.
 */
export function findTraceViolation(task: Task, trace: Trace, field = "trace"): TraceViolation | null {
  const N = task.agents;
  const maxMessages = task.rounds * N;
  const fail = (path: string, value: unknown, expectation: string): TraceViolation => ({
    field: `${field}${path}`,
    value,
    expectation,
  });
  if (trace.taskId !== task.id)
    return fail(".taskId", trace.taskId, `expected the task's id ${JSON.stringify(task.id)}`);
  if (trace.correct !== task.correct)
    return fail(".correct", trace.correct, `expected the task's answer ${task.correct}`);
  const pre = trace.preChoices.length;
  const messages = trace.messages.length;
  const choices = trace.choices.length;
  if (!task.preDiscussionChoice && pre > 0)
    return fail(".preChoices.length", pre, "expected 0 pre-discussion choices (the task has none)");
  if (pre > N) return fail(".preChoices.length", pre, `expected at most ${N} pre-discussion choices (one per agent)`);
  if (messages > maxMessages)
    return fail(
      ".messages.length",
      messages,
      `expected at most ${maxMessages} messages (${task.rounds} rounds x ${N} agents)`,
    );
  if (choices > N) return fail(".choices.length", choices, `expected at most ${N} final choices (one per agent)`);
  if (task.preDiscussionChoice && pre < N && messages + choices > 0)
    return fail(".preChoices.length", pre, `expected all ${N} pre-discussion choices before the discussion`);
  if (messages < maxMessages && choices > 0)
    return fail(".messages.length", messages, `expected all ${maxMessages} messages before the final choices`);

  const checkChoice = (c: TraceChoice, k: number, path: string): TraceViolation | null => {
    if (c.agent !== k)
      return fail(`${path}[${k}].agent`, c.agent, `expected agent ${k} (choices are made in agent order)`);
    const parsed = parseChoice(c.text, trace.surface, task);
    if (c.choice !== parsed.choice)
      return fail(`${path}[${k}].choice`, c.choice, `expected ${String(parsed.choice)}, what its text parses to`);
    if ((c.parseError !== undefined) !== (parsed.error !== undefined))
      return fail(
        `${path}[${k}].parseError`,
        c.parseError,
        parsed.error === undefined ? "expected none (its text parses)" : `expected a parse error (${parsed.error})`,
      );
    return null;
  };
  for (let k = 0; k < pre; k++) {
    const v = checkChoice(trace.preChoices[k] as TraceChoice, k, ".preChoices");
    if (v) return v;
  }
  for (let t = 0; t < messages; t++) {
    const m = trace.messages[t] as Trace["messages"][number];
    const path = `.messages[${t}]`;
    if (m.turn !== t) return fail(`${path}.turn`, m.turn, `expected ${t} (its position)`);
    if (m.round !== Math.floor(t / N))
      return fail(`${path}.round`, m.round, `expected ${Math.floor(t / N)} (turn ${t} of ${N} agents)`);
    if (m.speaker !== t % N)
      return fail(`${path}.speaker`, m.speaker, `expected agent ${t % N} (turn ${t} of ${N} agents)`);
    const parsed = parseMessage(m.text, trace.surface, task);
    if (!sameActs(m.acts, parsed.acts))
      return fail(`${path}.acts`, m.acts, `expected ${JSON.stringify(parsed.acts)}, what its text parses to`);
    if ((m.parseError !== undefined) !== (parsed.error !== undefined))
      return fail(
        `${path}.parseError`,
        m.parseError,
        parsed.error === undefined ? "expected none (its text parses)" : `expected a parse error (${parsed.error})`,
      );
  }
  for (let k = 0; k < choices; k++) {
    const v = checkChoice(trace.choices[k] as TraceChoice, k, ".choices");
    if (v) return v;
  }
  if (trace.teamDecision !== null) {
    const finals = Array.from({ length: N }, (_, j) => trace.choices[j]?.choice ?? null);
    const decision = teamDecision(finals);
    if (trace.teamDecision !== decision)
      return fail(
        ".teamDecision",
        trace.teamDecision,
        `expected ${String(decision)} (strict majority of ${N} final choices) or null`,
      );
  }
  return null;
}
