import { type ChatMessage, Rng } from "@cosir/env";
import { fillPrompt } from "./hidden-bench-prompts";
import type { HiddenBenchTask } from "./hidden-bench-task";
import type { HiddenBenchCondition } from "./hidden-bench-types";

/** A Fisher-Yates shuffle of a copy of `items`, drawing from `rng`. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** What each agent is dealt: the hidden fact it holds (-1: all of them) and its opening history. */
export interface OriginalDeal {
  hiddenFact: number[];
  /** Per agent, its conversation so far: the system message with its numbered "Fact i:" list. */
  histories: ChatMessage[][];
}

/**
 * The original protocol's deal (README "HiddenBench"): the hidden facts in a seeded random order, agent i
 * holding the i-th of them (hidden condition) or all of them (full), and each agent's shared and held facts
 * shuffled into one numbered, unmarked "Fact i:" list in the system prompt. The random stream is seeded by
 * (seed, condition, run, task id), so a task run is dealt the same whatever else runs.
 */
export function dealOriginal(
  task: HiddenBenchTask,
  condition: HiddenBenchCondition,
  run: number,
  agents: number,
  seed: number,
  systemTemplate: string,
): OriginalDeal {
  const rng = new Rng(`hiddenbench:${seed}:${condition}:${run}:${task.id}`);
  const order = shuffled(
    task.hidden_information.map((_, k) => k),
    rng,
  );
  const hiddenFact = condition === "hidden" ? order.slice(0, agents) : new Array<number>(agents).fill(-1);
  const histories: ChatMessage[][] = hiddenFact.map((h) => {
    const facts =
      condition === "hidden"
        ? [...task.shared_information, task.hidden_information[h] as string]
        : [...task.shared_information, ...order.map((k) => task.hidden_information[k] as string)];
    const information = shuffled(facts, rng)
      .map((f, i) => `Fact ${i + 1}: ${f}\n`)
      .join("");
    return [
      {
        role: "system",
        content: fillPrompt(systemTemplate, { description: task.description, information, extra: "" }),
      },
    ];
  });
  return { hiddenFact, histories };
}

/** A bulleted list; a multi-line item stays one bullet, its later lines indented. */
export const bullet = (items: readonly string[]): string =>
  items.length === 0 ? "- (none)" : items.map((s) => `- ${s.replace(/\n/g, "\n  ")}`).join("\n");

/** What each agent is dealt under the cosir protocol: its hidden fact and its system prompt. */
export interface CosirDeal {
  hiddenFact: number[];
  system: (agent: number) => string;
}

/**
 * The cosir protocol's deal: agent i holds hidden fact i mod H, labelled as private in a system prompt
 * that names the task and lists the shared facts, the private one and the options.
 */
export function dealCosir(task: HiddenBenchTask, agents: number): CosirDeal {
  const hiddenFact = Array.from({ length: agents }, (_, i) => i % task.hidden_information.length);
  const system = (agent: number): string =>
    [
      `You are Agent ${agent + 1} of ${agents} in a team working on this task: ${task.name}.`,
      task.description,
      "Information everyone on the team has:",
      bullet(task.shared_information),
      "Information only you have (your teammates do not know it):",
      bullet([task.hidden_information[hiddenFact[agent] as number] as string]),
      `Possible answers: ${task.possible_answers.join("; ")}.`,
    ].join("\n");
  return { hiddenFact, system };
}
