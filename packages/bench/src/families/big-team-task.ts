import { InvalidArgumentError } from "@cosir/bayes";
import { randomTask, type TaskGeneratorOptions, type Task, evidenceSummary, retagTask } from "@cosir/env";
import { baseGeneratorOptions, resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.bigTeam";

/**
 * Held-out family 6, bigger teams and tables: 5 agents, 6 options, 8 attributes by default, `sum`, each
 * cell seen by each agent with probability 0.3 (and by at least one). Built by `randomTask` on a seed
 * derived from (family, seed); the pooled evidence's MAP is the answer (evaluator).
 */
export function bigTeamTask(opts: TaskGeneratorOptions): Task {
  const { size } = resolveHeldOutOptions(FAMILY, opts, {
    options: 6,
    attributes: 8,
    agents: 5,
    rounds: 2,
    domains: ["restaurants", "apartments", "jobCandidates"],
  });
  const task = retagTask(
    randomTask({
      ...baseGeneratorOptions(FAMILY, size),
      visibility: 0.3,
      aggregate: "sum",
    }),
    FAMILY,
    size.seed,
  );
  if (evidenceSummary(task).pooledMap !== task.correct)
    throw new InvalidArgumentError(
      "seed",
      size.seed,
      `expected a ${FAMILY} task whose pooled evidence finds the answer`,
    );
  return task;
}
