import type { HiddenBenchTask } from "./hidden-bench-task";
import { squashWhitespace as squash } from "./squash-whitespace";

/** The task a system message is about, the hidden facts it holds, and the condition that implies. */
export interface ScriptedTaskMatch {
  task: HiddenBenchTask;
  /** Indices of the hidden facts whose text is in the system message. */
  heldFacts: number[];
  /** "full" when it holds every hidden fact (and there is more than one), else "hidden". */
  condition: "hidden" | "full";
}

/**
 * Recognises the task of a system message, under either protocol, by its text (whitespace squashed): the
 * task whose description (worth 1000) and shared and hidden facts (1 each) best match, the first of equals;
 * undefined when none matches at all.
 */
export function matchScriptedTask(
  tasks: readonly HiddenBenchTask[],
  systemMessage: string,
): ScriptedTaskMatch | undefined {
  const system = squash(systemMessage);
  const score = (t: HiddenBenchTask): number =>
    (system.includes(squash(t.description)) ? 1000 : 0) +
    [...t.shared_information, ...t.hidden_information].filter((f) => system.includes(squash(f))).length;
  let task: HiddenBenchTask | undefined;
  let best = 0;
  for (const t of tasks) {
    const sc = score(t);
    if (sc > best) {
      task = t;
      best = sc;
    }
  }
  if (task === undefined) return undefined;
  const heldFacts = task.hidden_information.flatMap((f, k) => (system.includes(squash(f)) ? [k] : []));
  const condition = heldFacts.length === task.hidden_information.length && heldFacts.length > 1 ? "full" : "hidden";
  return { task, heldFacts, condition };
}
