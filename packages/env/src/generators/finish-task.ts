import { domainFor } from "../domains/domain-for";
import { hashSeed } from "../rng/hash-seed";
import { TASK_VERSION, type Task } from "../task/task";
import { validateTask } from "../task/validate-task";
import type { ResolvedSize } from "./task-generator-options";

/**
 * Assembles a task in a fixed key order (so JSON is byte-identical for the same inputs), gives it the id
 * `${family}-${seed}-${hash of the content}` and checks it against TaskSchema.
 */
export function finishTask(
  family: string,
  size: ResolvedSize,
  parts: {
    table: number[][];
    correct: number;
    visibility: number[][];
    aggregate: "sum" | "min";
    decision?: Task["decision"];
  },
): Task {
  const body = {
    version: TASK_VERSION,
    id: "",
    family,
    seed: size.seed,
    options: size.options,
    attributes: size.attributes,
    levels: size.levels,
    aggregate: parts.aggregate,
    weights: size.weights,
    prior: size.prior,
    decision: parts.decision ?? { kind: "argmax" as const },
    table: parts.table,
    correct: parts.correct,
    agents: size.agents,
    visibility: parts.visibility.map((cells) => [...cells].sort((x, y) => x - y)),
    noise: size.noise,
    rounds: size.rounds,
    preDiscussionChoice: size.preDiscussionChoice,
    weightsAnnounced: size.weightsAnnounced,
    domain: domainFor(size.domain, size.options, size.attributes),
  };
  const hash = hashSeed(JSON.stringify(body)).toString(16).padStart(8, "0");
  body.id = `${family}-${size.seed}-${hash}`;
  return validateTask(body);
}
