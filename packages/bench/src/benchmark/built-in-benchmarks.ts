import { randomTask, type Task, type Trace } from "@cosir/env";
import type { Benchmark } from "./benchmark";
import { heldOutFamilyTable } from "../families/held-out-families";
import { taskBenchmark } from "./task-benchmark";

/**
 * The built-in benchmarks: one per held-out family (tag "heldout", summed in the held-out sum; see
 * heldOutFamilyTable) and the preservation check "soloFullInformation" (one agent sees the whole table and just
 * chooses: what RL must not unlearn).
 */
export const builtInBenchmarks: readonly Benchmark<Task, Trace>[] = [
  ...Object.values(heldOutFamilyTable).map(({ benchmark, description, generate }) =>
    taskBenchmark({ name: benchmark, version: "1", description, tags: ["heldout"], family: generate }),
  ),
  taskBenchmark({
    name: "soloFullInformation",
    version: "1",
    description: "Preservation: one agent sees the whole 4x4 table, no discussion; accuracy of its choice.",
    tags: ["preservation"],
    family: (o) => randomTask({ ...o, options: 4, attributes: 4, agents: 1, rounds: 0 }),
  }),
];
