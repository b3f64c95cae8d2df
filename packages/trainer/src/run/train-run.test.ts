import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { evaluatePolicy, evaluationTasks } from "./evaluate-policy";
import { samplingPolicy } from "./policy-model";
import { readMetricsLines } from "./run-folder";
import { TrainRun } from "./train-run";

// A run in its own process on the built package (see src/test/train-child.mjs), so it can be killed.
const child = fileURLToPath(new URL("../test/train-child.mjs", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "cosir-train-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quiet = { progress: { stream: process.stderr, quiet: true } };

/** Metrics lines without their wall-clock fields, which no two runs share. */
function metricsWithoutTiming(dir: string): unknown[] {
  return readFileSync(join(dir, "metrics.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const { timing: _timing, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return rest;
    });
}

describe("self-play RL", () => {
  it("raises a tiny model's team accuracy on a tiny task by at least 0.15", async () => {
    // One agent, two options, one binary attribute: the base is SFT'd briefly on a teacher that picks
    // at random, so it often fails the choice format and is right by chance only; the reward alone
    // (outcome + accuracy) must lift team accuracy. Evaluated by sampling on held-out seeds.
    const config = resolveTrainConfig({
      preset: "smoke",
      overrides: [
        {
          task: { options: 2, attributes: 1, agents: 1, rounds: 0, levels: [1, 2] },
          model: { width: 64, layers: 2, heads: 2, context: 64 },
          sft: { episodes: 256, epochs: 1, batchSize: 16, teacherChoice: "random", learningRate: 0.003 },
          rl: {
            iterations: 40,
            tasksPerIteration: 8,
            groupSize: 4,
            learningRate: 0.001,
            minLearningRate: 0.0005,
            klCoef: 0,
            ppoEpochs: 2,
            minibatchSize: 64,
            maxNewTokens: 4,
            warmupIterations: 0,
          },
          eval: { episodes: 128 },
          checkpointEvery: 40,
        },
      ],
    });
    const run = await TrainRun.start(config, join(root, "tiny"), quiet);
    try {
      const tasks = evaluationTasks(config);
      const evaluate = () =>
        evaluatePolicy(samplingPolicy(run.policyModel, { temperature: 1, maxNewTokens: 4, seed: 5 }), tasks);
      const before = await evaluate();
      await run.train();
      const after = await evaluate();
      expect(after.teamAccuracy - before.teamAccuracy).toBeGreaterThanOrEqual(0.15);
    } finally {
      run.dispose();
    }
  });

  it("a run killed with SIGKILL and resumed writes the same metrics as an uninterrupted run", async () => {
    const config = resolveTrainConfig({
      preset: "smoke",
      overrides: [{ rl: { iterations: 10, tasksPerIteration: 4 }, checkpointEvery: 3 }],
    });
    const start = (dir: string) => [child, "start", dir, JSON.stringify(config)];
    const whole = join(root, "whole");
    const straight = spawnSync(process.execPath, start(whole), { encoding: "utf8" });
    expect(straight.status, straight.stderr).toBe(0);

    const killed = join(root, "killed");
    const running = spawn(process.execPath, start(killed), { stdio: "ignore" });
    const state = join(killed, "state.json");
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        try {
          if (existsSync(state) && (JSON.parse(readFileSync(state, "utf8")) as { iteration: number }).iteration >= 3) {
            clearInterval(timer);
            running.kill("SIGKILL");
            resolve();
          }
        } catch {
          // state.json is replaced atomically; a read can still race its creation on some file systems
        }
      }, 5);
      running.on("exit", (code, signal) => {
        clearInterval(timer);
        if (signal === "SIGKILL") resolve();
        else reject(new Error(`the run ended (code ${code}) before it could be killed`));
      });
    });
    const interrupted = JSON.parse(readFileSync(state, "utf8")) as { iteration: number };
    expect(interrupted.iteration).toBeGreaterThanOrEqual(3);
    expect(interrupted.iteration).toBeLessThan(10);
    const resumed = spawnSync(process.execPath, [child, "resume", killed], { encoding: "utf8" });
    expect(resumed.status, resumed.stderr).toBe(0);
    const a = metricsWithoutTiming(whole);
    const b = metricsWithoutTiming(killed);
    expect(a.filter((l) => (l as { phase: string }).phase === "rl")).toHaveLength(10);
    expect(b).toEqual(a);
    // Every line is a versioned MetricsLine that reads back through its schema.
    const lines = await readMetricsLines(whole);
    expect(lines).toHaveLength(a.length);
    expect(lines.map((l) => [l.version, l.phase])).toEqual(a.map((l) => [1, (l as { phase: string }).phase]));
  });

  it("refuses to start over a folder that holds a run, and to resume one that does not", async () => {
    const config = resolveTrainConfig({ preset: "smoke" });
    const taken = join(root, "taken");
    mkdirSync(taken);
    writeFileSync(join(taken, "state.json"), "{}");
    await expect(TrainRun.start(config, taken, quiet)).rejects.toThrow(/already holds a run/);
    expect(existsSync(join(taken, "config.json"))).toBe(false);
    await expect(TrainRun.resume(join(root, "nothing-here"), quiet, (json) => json as never)).rejects.toThrow();
  });
});
