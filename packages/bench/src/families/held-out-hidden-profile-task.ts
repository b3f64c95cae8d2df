import { hiddenProfileTask, type TaskGeneratorOptions, hashSeed, Rng, type Task, retagTask } from "@cosir/env";
import { baseGeneratorOptions, resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.hiddenProfile";

/**
 * Held-out family 1, hidden profile (docs/design.md §2): 3 or 4 agents (drawn by seed unless given); shared
 * cells favour a decoy, each agent's unshared cells favour the answer. Built by `hiddenProfileTask` on a
 * seed derived from (family, seed), so its tables differ from the training family's, and verified the
 * same way: every agent alone has MAP != answer, the pooled evidence has MAP = answer.
 */
export function heldOutHiddenProfileTask(opts: TaskGeneratorOptions): Task {
  const agents = opts?.agents ?? 3 + new Rng(hashSeed(FAMILY, "agents", String(opts?.seed))).int(2);
  const { size } = resolveHeldOutOptions(
    FAMILY,
    { ...opts, agents },
    { options: 4, attributes: 6, agents, rounds: 2, domains: ["restaurants", "jobCandidates", "apartments"] },
  );
  const task = hiddenProfileTask({
    ...baseGeneratorOptions(FAMILY, size),
  });
  return retagTask(task, FAMILY, size.seed);
}
