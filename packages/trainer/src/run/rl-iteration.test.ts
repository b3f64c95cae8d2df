import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCheckpoint } from "@cosir/policy/tfjs";
import { afterAll, describe, expect, it } from "vitest";
import { resolveTrainConfig, type TrainConfigInput } from "../config/train-config";
import type { RlMetricsLine } from "../metrics/metrics-line";
import { readMetricsLines } from "./run-folder";
import { TrainRun } from "./train-run";

const root = mkdtempSync(join(tmpdir(), "cosir-rl-iteration-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const quiet = { progress: { stream: process.stderr, quiet: true } };

/** The committed demo base: a model whose rewards differ within a group, so that an RL step moves it. */
const committedBase = fileURLToPath(new URL("../../../../models/demo-base/checkpoint", import.meta.url));

async function firstRlLine(
  name: string,
  rl: TrainConfigInput["rl"],
  fromBase = false,
  arms: TrainConfigInput["arms"] = {},
): Promise<RlMetricsLine> {
  const config = resolveTrainConfig({
    preset: fromBase ? "demo" : "smoke",
    overrides: [
      {
        sft: { episodes: 0 },
        rl: { iterations: 1, tasksPerIteration: 4, groupSize: 4, dropZeroAdvantage: false, ...rl },
        arms,
      },
    ],
  });
  const dir = join(root, name);
  const run = await TrainRun.start(config, dir, quiet, fromBase ? { base: committedBase } : {});
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

describe("rlIteration's micro-batches", () => {
  it("accumulating a minibatch over length-sorted micro-batches takes the same step as one pass", async () => {
    const whole = await firstRlLine("micro-64", { minibatchSize: 64, microbatchSize: 64 }, true);
    const micro = await firstRlLine("micro-3", { minibatchSize: 64, microbatchSize: 3 }, true);
    expect(micro.samples).toBeGreaterThan(3);
    expect(micro.rewards).toEqual(whole.rewards);
    expect(micro.gradNorm).toBeCloseTo(whole.gradNorm, 4);
    expect(micro.policyLoss).toBeCloseTo(whole.policyLoss, 4);
    expect(micro.entropy).toBeCloseTo(whole.entropy, 4);
    const [a, b] = await Promise.all(
      ["micro-64", "micro-3"].map((name) => loadCheckpoint(join(root, name, "checkpoint"))),
    );
    const [wa, wb] = await Promise.all([a!.model.readWeights(), b!.model.readWeights()]);
    let gap = 0;
    let moved = 0;
    const start = await (await loadCheckpoint(join(root, "micro-64", "base"))).model.readWeights();
    for (const [name, w] of wa)
      w.forEach((x, i) => {
        gap = Math.max(gap, Math.abs(x - (wb.get(name) as Float32Array)[i]!));
        moved = Math.max(moved, Math.abs(x - (start.get(name) as Float32Array)[i]!));
      });
    // the step moved the weights, and both ways moved them to the same place
    expect(moved).toBeGreaterThan(1e-4);
    expect(gap).toBeLessThan(1e-5);
    a!.model.dispose();
    b!.model.dispose();
  });
});

describe("arms overlays in rlIteration", () => {
  it("the run's own arm's overlay trains exactly as the setting itself; another arm's overlay changes nothing", async () => {
    const plain = await firstRlLine("kl-plain", { klCoef: 0.02 });
    const strong = await firstRlLine("kl-strong", { klCoef: 5 });
    const own = await firstRlLine("kl-own", { klCoef: 0.02 }, false, { cosir: { rl: { klCoef: 5 } } });
    const other = await firstRlLine("kl-other", { klCoef: 0.02 }, false, { outcomeOnly: { rl: { klCoef: 5 } } });
    // Same line but for wall-clock timing.
    const untimed = ({ timing: _timing, ...rest }: RlMetricsLine) => rest;
    expect(untimed(own)).toEqual(untimed(strong));
    expect(untimed(other)).toEqual(untimed(plain));
    // and the weight matters at all: the strong pull took a different step after the first minibatch
    expect(strong.gradNorm).not.toBe(plain.gradNorm);
  });
});
