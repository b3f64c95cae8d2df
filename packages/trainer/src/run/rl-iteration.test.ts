import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveTrainConfig, type TrainConfigInput } from "../config/train-config";
import type { RlMetricsLine } from "../metrics/metrics-line";
import { readMetricsLines } from "./run-folder";
import { TrainRun } from "./train-run";

const root = mkdtempSync(join(tmpdir(), "cosir-rl-iteration-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const quiet = { progress: { stream: process.stderr, quiet: true } };

async function firstRlLine(name: string, rl: TrainConfigInput["rl"]): Promise<RlMetricsLine> {
  const config = resolveTrainConfig({
    preset: "smoke",
    overrides: [
      {
        sft: { episodes: 0 },
        rl: { iterations: 1, tasksPerIteration: 4, groupSize: 4, dropZeroAdvantage: false, ...rl },
      },
    ],
  });
  const dir = join(root, name);
  const run = await TrainRun.start(config, dir, quiet);
  try {
    await run.train();
  } finally {
    run.dispose();
  }
  const line = (await readMetricsLines(dir)).find((l) => l.phase === "rl");
  if (line === undefined || line.phase !== "rl") throw new TypeError("no RL metrics line");
  return line;
}

describe("rlIteration's old log-probs", () => {
  it("recomputed ones match the sampler's, and using the sampler's gives the same update", async () => {
    const recomputed = await firstRlLine("recompute", { oldLogprobs: "recompute" });
    const sampler = await firstRlLine("sampler", { oldLogprobs: "sampler" });
    // Recomputed in length-sorted batches and put back in order: a misplaced action would differ by far more.
    expect(recomputed.samples).toBeGreaterThan(0);
    expect(recomputed.samplerMismatch).toBeLessThan(1e-4);
    expect(sampler.samplerMismatch).toBe(0);
    // Same rollout (same seeds), and PPO starts from (almost) the same old log-probs.
    expect(sampler.rewards).toEqual(recomputed.rewards);
    expect(sampler.samples).toBe(recomputed.samples);
    expect(Math.abs(sampler.policyLoss - recomputed.policyLoss)).toBeLessThan(1e-3);
    expect(Math.abs(sampler.kl - recomputed.kl)).toBeLessThan(1e-4);
  });
});
