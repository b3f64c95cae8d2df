import { registerTaskFamily, type Task, type TaskGenerator, type TaskGeneratorOptions } from "@cosir/env";
import { arithmeticTask } from "./arithmetic-task";
import { asymmetricExpertiseTask } from "./asymmetric-expertise-task";
import { bigTeamTask } from "./big-team-task";
import { heldOutHiddenProfileTask } from "./held-out-hidden-profile-task";
import { meetingSchedulingTask } from "./meeting-scheduling-task";
import { weightedDecisionTask } from "./weighted-decision-task";
import { whodunitTask } from "./whodunit-task";

/** A held-out family: its generator and the built-in benchmark that runs it. */
export interface HeldOutFamily {
  /** The benchmark's name (`cosir bench --benchmark <it>`); the family is "heldout.<benchmark>". */
  benchmark: string;
  /** One line for `cosir bench --list` and reports. */
  description: string;
  generate: TaskGenerator;
}

/**
 * The held-out families (benchmarks only; RL trains on `random`), by family name, in the order reports list them.
 * Each generator is seeded and byte-reproducible and verifies its promise. Adding a family is one entry here (and
 * its generator file with its test): the built-in benchmarks, the held-out sum and `registerHeldOutFamilies` read
 * this table.
 */
export const heldOutFamilyTable: Readonly<Record<string, HeldOutFamily>> = {
  "heldout.hiddenProfile": {
    benchmark: "hiddenProfile",
    description:
      "Hidden profile, 3-4 agents: shared cells favour a decoy, each agent's private cells favour the answer.",
    generate: (o: TaskGeneratorOptions): Task => heldOutHiddenProfileTask(o),
  },
  "heldout.weightedDecision": {
    benchmark: "weightedDecision",
    description: "Announced criterion weights; the weighted sum picks a different option than the plain sum.",
    generate: (o: TaskGeneratorOptions): Task => weightedDecisionTask(o),
  },
  "heldout.meetingScheduling": {
    benchmark: "meetingScheduling",
    description: "Availability 0/1 per person and slot, min aggregate: find the one slot free for everyone.",
    generate: (o: TaskGeneratorOptions): Task => meetingSchedulingTask(o),
  },
  "heldout.whodunit": {
    benchmark: "whodunit",
    description: "Whodunit by elimination: each clue rules suspects out (min over 0/1); one suspect survives.",
    generate: (o: TaskGeneratorOptions): Task => whodunitTask(o),
  },
  "heldout.arithmetic": {
    benchmark: "arithmetic",
    description: "Collaborative arithmetic: quantities split across agents; pick the candidate equal to their total.",
    generate: (o: TaskGeneratorOptions): Task => arithmeticTask(o),
  },
  "heldout.bigTeam": {
    benchmark: "bigTeam",
    description: "Bigger teams and tables: 5 agents, 6 options, 8 attributes, sparse visibility.",
    generate: (o: TaskGeneratorOptions): Task => bigTeamTask(o),
  },
  "heldout.asymmetricExpertise": {
    benchmark: "asymmetricExpertise",
    description: "One expert holds most decisive cells; the others must ask or listen.",
    generate: (o: TaskGeneratorOptions): Task => asymmetricExpertiseTask(o),
  },
};

/** The held-out family names ("heldout.*"), in report order; the held-out sum is over these. */
export const heldOutFamilyNames: readonly string[] = Object.keys(heldOutFamilyTable);

/** The held-out families' generators by family name (moved here from @cosir/env, which keeps `random` and `hiddenProfile`). */
export const heldOutFamilies: Readonly<Record<string, TaskGenerator>> = Object.fromEntries(
  Object.entries(heldOutFamilyTable).map(([name, f]) => [name, f.generate]),
);

/**
 * Registers the held-out families with @cosir/env's `registerTaskFamily`, so `generateTask({family: "heldout.*"})`
 * and everything that takes a family by name finds them. Explicit (packages are side-effect free): the CLI calls it
 * at start-up. Idempotent.
 */
export function registerHeldOutFamilies(): void {
  for (const [name, generate] of Object.entries(heldOutFamilies)) registerTaskFamily(name, generate);
}
