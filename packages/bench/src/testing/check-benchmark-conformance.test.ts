import { TaskSchema, randomTask, type Task, type Trace } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import type { Benchmark } from "../benchmark/benchmark";
import { taskBenchmark } from "../benchmark/task-benchmark";
import { checkBenchmarkConformance } from "./check-benchmark-conformance";

const good = taskBenchmark({
  name: "test.good",
  version: "1",
  description: "random tasks",
  family: "random",
  generatorOptions: { options: 3, attributes: 3 },
});

describe("checkBenchmarkConformance", () => {
  it("passes a conforming benchmark", async () => {
    expect(await checkBenchmarkConformance(good, { n: 6 })).toEqual([]);
  });

  it("catches non-deterministic instances", async () => {
    let calls = 0;
    const bad: Benchmark<Task, Trace> = { ...good, instances: (seed, n) => good.instances(seed + calls++, n) };
    const problems = await checkBenchmarkConformance(bad, { n: 4 });
    expect(problems.some((p) => p.startsWith("instances are deterministic"))).toBe(true);
  });

  it("catches invalid instances and out-of-range scores", async () => {
    const bad: Benchmark<Task, Trace> = {
      ...good,
      instances: (seed, n) => good.instances(seed, n).map((t) => ({ ...t, correct: 99 })),
      playMany: undefined,
      play: async (t, team) => good.play({ ...t, correct: 0 }, team),
      score: () => ({ score: 2, correct: true }),
    };
    const problems = await checkBenchmarkConformance(bad, { n: 3 });
    expect(problems.some((p) => p.includes("fails the schema"))).toBe(true);
    expect(problems.some((p) => p.includes("outside [0, 1]"))).toBe(true);
  });

  it("catches a benchmark where the oracle does worse than the silent team", async () => {
    const inverted: Benchmark<Task, Trace> = {
      ...good,
      score: (t, r) => ({ score: 1 - good.score(t, r).score, correct: false }),
    };
    const problems = await checkBenchmarkConformance(inverted, { n: 8, seed: 2 });
    expect(problems.some((p) => p.startsWith("the oracle team scores at least"))).toBe(true);
  });

  it("reports a bad shape", async () => {
    const problems = await checkBenchmarkConformance({ ...good, name: "", apiVersion: 2 } as unknown as Benchmark, {
      n: 1,
    });
    expect(problems.some((p) => p.includes("name:"))).toBe(true);
    expect(problems.some((p) => p.includes("apiVersion:"))).toBe(true);
  });

  it("accepts teams of one policy per seat", async () => {
    const t = randomTask({ seed: 1, agents: 2 });
    expect(TaskSchema.safeParse(t).success).toBe(true);
    const trace = await good.play(t, [scriptedPolicy("oracle"), scriptedPolicy("silent")]);
    expect(trace.choices).toHaveLength(2);
  });
});
