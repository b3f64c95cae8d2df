import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Policy } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { loadCheckpoint, saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import type { ProgressOptions } from "../metrics/progress";
import { evaluatePolicy, evaluationTasks, type PolicyEvaluation } from "./evaluate-policy";
import { createPolicyModel, samplingPolicy } from "./policy-model";
import { derivedSeed } from "../rollout/training-data";
import { supervisedWarmStart } from "./supervised-warm-start";
import { TrainRun } from "./train-run";
import { writeJsonAtomic } from "./run-folder";

export interface DemoResult {
  policies: Record<string, PolicyEvaluation>;
  seconds: Record<string, number>;
}

/**
 * The main job: SFT base, then outcome-only RL and CoSIR RL from that same base with equal
 * iterations and seeds, then all three (and the scripted oracle, for reference) evaluated greedily
 * on held-out seeds of the training family.
 */
export async function runDemo(
  config: TrainConfig,
  dir: string,
  progress: ProgressOptions,
  log: (line: string) => void,
): Promise<DemoResult> {
  const backend = await selectBackend();
  const seconds: Record<string, number> = {};
  for (const sub of ["base", "outcomeOnly", "cosir"]) await rm(join(dir, sub), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "config.json"), `${JSON.stringify(config, null, 2)}\n`);

  let started = Date.now();
  const pm = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
  log(
    `base: SFT on ${config.sft.episodes} teacher episodes (${pm.model.parameterCount()} parameters, ${backend.name})`,
  );
  await mkdir(join(dir, "base"), { recursive: true });
  const sftLines: string[] = [];
  await supervisedWarmStart(pm, config, { progress }, async (line) => {
    sftLines.push(JSON.stringify(line));
  });
  await writeFile(join(dir, "base-metrics.jsonl"), sftLines.map((l) => `${l}\n`).join(""));
  await rm(join(dir, "base"), { recursive: true, force: true });
  await saveCheckpoint(join(dir, "base"), { model: pm.model, tokenizer: pm.tokenizer, extraJson: { role: "base" } });
  pm.model.dispose();
  seconds.base = (Date.now() - started) / 1000;

  for (const preset of ["outcomeOnly", "cosir"] as const) {
    started = Date.now();
    log(
      `${preset}: ${config.rl.iterations} RL iterations x ${config.rl.tasksPerIteration} tasks x ${config.rl.groupSize} episodes`,
    );
    const run = await TrainRun.start(
      { ...config, rewards: { preset } },
      join(dir, preset),
      { progress },
      { base: join(dir, "base") },
    );
    try {
      await run.train();
    } finally {
      run.dispose();
    }
    seconds[preset] = (Date.now() - started) / 1000;
  }

  started = Date.now();
  const tasks = evaluationTasks(config);
  log(`evaluating on ${tasks.length} held-out tasks (seeds from ${config.eval.seedOffset}, greedy decoding)`);
  const policies: Record<string, PolicyEvaluation> = {};
  const evalPolicy = async (name: string, path: string) => {
    const loaded = await loadCheckpoint(path);
    const policy: Policy = samplingPolicy(
      { model: loaded.model, tokenizer: loaded.tokenizer },
      { temperature: 0, maxNewTokens: config.rl.maxNewTokens, seed: 0, name },
    );
    try {
      policies[name] = await evaluatePolicy(policy, tasks);
    } finally {
      loaded.model.dispose();
    }
  };
  await evalPolicy("base", join(dir, "base"));
  await evalPolicy("outcomeOnly", join(dir, "outcomeOnly", "checkpoint"));
  await evalPolicy("cosir", join(dir, "cosir", "checkpoint"));
  policies.oracle = await evaluatePolicy(scriptedPolicy("oracle", { seed: config.seed }), tasks);
  seconds.eval = (Date.now() - started) / 1000;
  const result: DemoResult = { policies, seconds };
  await writeJsonAtomic(join(dir, "summary.json"), {
    version: 1,
    config: config.preset,
    evalEpisodes: tasks.length,
    ...result,
  });
  return result;
}
