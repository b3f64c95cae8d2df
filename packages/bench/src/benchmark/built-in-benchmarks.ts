import { randomTask, type Task, type Trace } from "@cosir/env";
import type { Benchmark } from "./benchmark";
import { taskBenchmark } from "./task-benchmark";

const heldOut = (name: string, family: string, description: string): Benchmark<Task, Trace> =>
  taskBenchmark({ name, version: "1", description, tags: ["heldout"], family });

/**
 * The built-in benchmarks: the seven held-out families (tag "heldout", summed in the seven-task sum)
 * and the preservation check "soloFullInformation" (one agent sees the whole table and just chooses:
 * what RL must not unlearn).
 */
export const builtInBenchmarks: readonly Benchmark<Task, Trace>[] = [
  heldOut(
    "hiddenProfile",
    "heldout.hiddenProfile",
    "Hidden profile, 3-4 agents: shared cells favour a decoy, each agent's private cells favour the answer.",
  ),
  heldOut(
    "weightedDecision",
    "heldout.weightedDecision",
    "Announced criterion weights; the weighted sum picks a different option than the plain sum.",
  ),
  heldOut(
    "meetingScheduling",
    "heldout.meetingScheduling",
    "Availability 0/1 per person and slot, min aggregate: find the one slot free for everyone.",
  ),
  heldOut(
    "whodunit",
    "heldout.whodunit",
    "Whodunit by elimination: each clue rules suspects out (min over 0/1); one suspect survives.",
  ),
  heldOut(
    "arithmetic",
    "heldout.arithmetic",
    "Collaborative arithmetic: quantities split across agents; pick the candidate equal to their total.",
  ),
  heldOut(
    "bigTeam",
    "heldout.bigTeam",
    "Bigger teams and tables: 5 agents, 6 options, 8 attributes, sparse visibility.",
  ),
  heldOut(
    "asymmetricExpertise",
    "heldout.asymmetricExpertise",
    "One expert holds most decisive cells; the others must ask or listen.",
  ),
  taskBenchmark({
    name: "soloFullInformation",
    version: "1",
    description: "Preservation: one agent sees the whole 4x4 table, no discussion; accuracy of its choice.",
    tags: ["preservation"],
    family: (o) => randomTask({ ...o, options: 4, attributes: 4, agents: 1, rounds: 0 }),
  }),
];
