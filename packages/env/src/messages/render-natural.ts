import { InvalidArgumentError } from "@cosir/bayes";
import type { PublicTask } from "../task/task";
import type { Act } from "./act";

type Words = Pick<PublicTask, "domain">;

function name(list: readonly string[], k: number, field: string): string {
  const n = list[k];
  if (n === undefined) throw new InvalidArgumentError(field, k, `expected an index in 0..${list.length - 1}`);
  return n;
}

/**
 * Natural-language text of a message in the task's domain words, one sentence per act:
 * "Restaurant B has food quality 4." / "What is the service of Restaurant A? @Agent 3" /
 * "I propose Restaurant B." / "Nothing to add.". Agents are named 1-based ("Agent 1" is agent 0).
 */
export function renderNatural(acts: readonly Act[], task: Words): string {
  if (acts.length === 0) return "Nothing to add.";
  const { options, attributes } = task.domain;
  return acts
    .map((act): string => {
      switch (act.kind) {
        case "share":
          return `${name(options, act.option, "option")} has ${name(attributes, act.attribute, "attribute")} ${act.level}.`;
        case "ask": {
          const q = `What is the ${name(attributes, act.attribute, "attribute")} of ${name(options, act.option, "option")}?`;
          return act.to === undefined ? q : `${q} @Agent ${act.to + 1}`;
        }
        case "propose":
          return `I propose ${name(options, act.option, "option")}.`;
        case "pass":
          return "Nothing to add.";
      }
    })
    .join(" ");
}
