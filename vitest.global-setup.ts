import type { TestProject } from "vitest/node";

export default function setup(project: TestProject): void {
  const fromEnv = process.env.FC_SEED;
  const seed =
    fromEnv !== undefined && fromEnv !== "" ? Number(fromEnv) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(fromEnv)}`);
  const runs = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 100;
  console.log(`[fast-check] seed=${seed} numRuns=${runs} (replay with FC_SEED=${seed})`);
  project.provide("fcSeed", seed);
  project.provide("fcRuns", runs);
}
