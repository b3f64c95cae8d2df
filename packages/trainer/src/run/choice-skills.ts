import type { Observation, Policy, PolicyAction, PublicTask, Task, Trace } from "@cosir/env";
import { actByPhase } from "@cosir/policy";
import { type ChoiceScratchpad, scratchpadFor } from "../teacher/choice-scratchpad";
import { type FinalChoice, finalChoices } from "./base-skills";
import { type ScratchpadSkills, scratchpadSkillsOf } from "./scratchpad-skills";

/**
 * The four kinds of decision the shapes base chooses through (each a different sum in its scratchpad): an unweighted
 * sum, a weighted sum, a min aggregate, and a total decision (which candidate is the table's total).
 */
export type DecisionKind = "sum" | "weighted" | "min" | "total";
export const DECISION_KINDS: readonly DecisionKind[] = ["sum", "weighted", "min", "total"];

/** The kind of decision a task asks for (a min ignores weights; a total is a total whatever its aggregate). */
export function decisionKind(task: PublicTask): DecisionKind {
  if (task.decision.kind === "total") return "total";
  if (task.aggregate === "min") return "min";
  return task.weights.some((w) => w !== task.weights[0]) ? "weighted" : "sum";
}

/**
 * A policy whose discussion turns are `talk`'s and whose final (and pre-discussion) choices are `choose`'s, each
 * batch split by phase and put back in order (@cosir/policy's actByPhase): the choosing measured on evidence another
 * policy wrote (a teacher's talk), apart from the chooser's own talk.
 */
export function phasePolicy(talk: Policy, choose: Policy): Policy {
  return {
    name: `${talk.name}+${choose.name}`,
    act: (observations: readonly Observation[]): Promise<PolicyAction[]> =>
      actByPhase(
        observations,
        (o) => talk.act(o),
        (o) => choose.act(o),
        { talk: talk.name, choose: choose.name },
      ),
  };
}

/** Choice = MAP and the written scratchpads of one group of final choices. */
export interface KindChoiceSkills {
  /** Final choices in the group. */
  choices: number;
  /** Share of them equal to the MAP of the agent's evidence (0 when there are none). */
  choiceIsMap: number;
  scratchpad: ScratchpadSkills;
}

/**
 * Choice = MAP and scratchpad skills (scratchpadSkills) over every final choice of `traces`, and for each decision
 * kind apart: where a base's choosing is lost (issue 24). Pure; trace k played `tasks[k]`.
 */
export function choiceSkillsByKind(
  tasks: readonly Task[],
  traces: readonly Trace[],
  scratchpad: ChoiceScratchpad = scratchpadFor(),
): Record<"all" | DecisionKind, KindChoiceSkills> {
  // each final choice's evidence and MAP read once, then grouped
  const all = [...finalChoices(tasks, traces)];
  const group = (finals: readonly FinalChoice[]): KindChoiceSkills => {
    const agree = finals.filter(({ choice, map }) => choice.choice === map).length;
    return {
      choices: finals.length,
      choiceIsMap: finals.length === 0 ? 0 : agree / finals.length,
      scratchpad: scratchpadSkillsOf(finals, scratchpad),
    };
  };
  const ofKind = (kind: DecisionKind) => group(all.filter((f) => decisionKind(f.task) === kind));
  return {
    all: group(all),
    sum: ofKind("sum"),
    weighted: ofKind("weighted"),
    min: ofKind("min"),
    total: ofKind("total"),
  };
}
