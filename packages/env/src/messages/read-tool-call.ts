import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { answerNames } from "./answer-names";

type ToolTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

/** An integer as tool arguments and structured replies write it: "-2", "0", "14" (no sign on 0, no leading zero). */
export const INTEGER = /^-?(0|[1-9][0-9]{0,8})$/;
const AGENT = /^@?(?:agent\s*)?([1-9][0-9]{0,5})$/i;

/** What one tool call means: an act, a choice, or why it means nothing. */
export type ToolCallReading = { act: Act } | { choice: number } | { error: string };

/** A name as the tool reader compares it: trimmed, inner white space single, lower case. */
export const foldName = (s: string): string => s.trim().replace(/\s+/g, " ").toLowerCase();

function nameIndex(names: readonly string[], value: unknown, field: string): number | string {
  if (typeof value !== "string") return `${field}: expected a name, got ${describe(value)}`;
  const k = names.findIndex((n) => foldName(n) === foldName(value));
  return k >= 0 ? k : `${field}: unknown name ${describe(value)}`;
}

function describe(value: unknown): string {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text === undefined ? typeof value : text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function integer(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value === "string" && value.length <= 11 && INTEGER.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * Reads one tool call (`name` and its `arguments`, untrusted) against the task: share / ask / propose / pass
 * give an act, choose gives a choice; a bad name, argument or range gives `error`. Names match case- and
 * space-insensitively; numbers may come as JSON numbers or integer strings; `to` is 1-based ("Agent 2" or 2).
 * Never throws.
 */
export function readToolCall(name: unknown, args: unknown, task: ToolTask): ToolCallReading {
  if (typeof name !== "string") return { error: `tool call without a name (got ${describe(name)})` };
  const tool = name.trim().toLowerCase();
  let a: Record<string, unknown> = {};
  if (typeof args === "string") {
    if (args.trim() !== "") {
      try {
        args = JSON.parse(args) as unknown;
      } catch {
        return { error: `${tool}: arguments are not JSON (${describe(args)})` };
      }
    }
  }
  if (args !== undefined && args !== null && args !== "") {
    if (typeof args !== "object" || Array.isArray(args))
      return { error: `${tool}: arguments must be an object, got ${describe(args)}` };
    a = args as Record<string, unknown>;
  }
  const { options, attributes } = task.domain;
  const [lo, hi] = task.levels;
  const optionAt = (): number | string => nameIndex(options, a.option, `${tool}.option`);
  const attributeAt = (): number | string => nameIndex(attributes, a.attribute, `${tool}.attribute`);
  switch (tool) {
    case "share": {
      const option = optionAt();
      if (typeof option === "string") return { error: option };
      const attribute = attributeAt();
      if (typeof attribute === "string") return { error: attribute };
      const level = integer(a.level);
      if (level === null) return { error: `share.level: expected an integer, got ${describe(a.level)}` };
      if (level < lo || level > hi) return { error: `share.level: ${level} out of range (levels ${lo}..${hi})` };
      return { act: { kind: "share", option, attribute, level } };
    }
    case "ask": {
      const option = optionAt();
      if (typeof option === "string") return { error: option };
      const attribute = attributeAt();
      if (typeof attribute === "string") return { error: attribute };
      if (a.to === undefined || a.to === null) return { act: { kind: "ask", option, attribute } };
      const m = typeof a.to === "string" && a.to.length <= 20 ? AGENT.exec(a.to.trim()) : null;
      const n = m !== null ? Number(m[1]) : integer(a.to);
      if (n === null) return { error: `ask.to: expected an agent number, got ${describe(a.to)}` };
      if (n < 1 || n > task.agents) return { error: `ask.to: agent ${n} out of range (Agent 1..Agent ${task.agents})` };
      return { act: { kind: "ask", option, attribute, to: n - 1 } };
    }
    case "propose": {
      const option = optionAt();
      return typeof option === "string" ? { error: option } : { act: { kind: "propose", option } };
    }
    case "pass":
      return { act: { kind: "pass" } };
    case "choose": {
      const choice = nameIndex(answerNames(task), a.option, "choose.option");
      return typeof choice === "string" ? { error: choice } : { choice };
    }
    default:
      return { error: `unknown tool ${describe(name)} (expected share, ask, propose, pass or choose)` };
  }
}
