import { TransformerTrainer, loadCheckpoint, saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import { rewardConfig, type RewardConfig } from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import type { MetricsLine } from "../metrics/metrics-line";
import { Progress } from "../metrics/progress";
import { derivedSeed } from "../rollout/training-data";
import { createPolicyModel, type PolicyModel } from "./policy-model";
import { rlIteration } from "./rl-iteration";
import {
  RUN_STATE_VERSION,
  appendMetricsLine,
  createRunFolder,
  readRunConfig,
  readRunState,
  runPaths,
  truncateMetrics,
  writeRunState,
} from "./run-folder";
import { supervisedWarmStart, type RunIo } from "./supervised-warm-start";

/** The run's reward config: its preset with any weight and clipping overrides. */
function rewardsOf(config: TrainConfig): RewardConfig {
  const r = config.rewards;
  return rewardConfig({
    preset: r.preset,
    ...(r.weights ? { weights: r.weights } : {}),
    ...(r.clipAskAtZero !== undefined ? { clipAskAtZero: r.clipAskAtZero } : {}),
  });
}

async function loadPolicyModel(path: string): Promise<PolicyModel> {
  const loaded = await loadCheckpoint(path);
  return { model: loaded.model, tokenizer: loaded.tokenizer };
}

/**
 * One self-play RL run (docs/design.md §5) in a run folder: SFT warm start (or a given base), then
 * iterations of group rollouts, CoSIR (or any) rewards, group-normalised advantages and PPO-clip with
 * a k3 KL to the frozen start policy. Checkpoints every N iterations resume bit-identically: every
 * random draw of iteration i is derived from (seed, i), and the weights, Adam moments and counters
 * are saved.
 */
export class TrainRun {
  private metricsLines = 0;

  private constructor(
    readonly config: TrainConfig,
    readonly dir: string,
    private readonly pm: PolicyModel,
    private readonly reference: PolicyModel,
    private readonly trainer: TransformerTrainer,
    private iteration: number,
    private readonly io: RunIo,
    private readonly rewards: RewardConfig,
  ) {}

  /** Starts a run: writes config.json, trains (or copies) the base, checkpoints it as DIR/base. */
  static async start(config: TrainConfig, dir: string, io: RunIo, options: { base?: string } = {}): Promise<TrainRun> {
    await selectBackend();
    const rewards = rewardsOf(config);
    // Everything that can fail on bad input is checked before anything is written.
    const given = options.base ? await loadCheckpoint(options.base) : undefined;
    const paths = await createRunFolder(dir, config);
    let pm: PolicyModel;
    const writer = { lines: 0 };
    const log = async (line: MetricsLine) => {
      await appendMetricsLine(dir, line);
      writer.lines++;
    };
    if (given) {
      pm = { model: given.model, tokenizer: given.tokenizer };
    } else {
      pm = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
      await supervisedWarmStart(pm, config, io, log);
    }
    await saveCheckpoint(paths.base, {
      model: pm.model,
      tokenizer: pm.tokenizer,
      step: 0,
      extraJson: { role: "base" },
    });
    const reference = await loadPolicyModel(paths.base);
    const trainer = new TransformerTrainer(pm.model, {
      learningRate: config.rl.learningRate,
      clipNorm: config.rl.clipNorm,
    });
    const run = new TrainRun(config, dir, pm, reference, trainer, 0, io, rewards);
    run.metricsLines = writer.lines;
    await run.checkpoint();
    return run;
  }

  /** Resumes from DIR/checkpoint: drops metrics lines written after it, restores weights and Adam. */
  static async resume(dir: string, io: RunIo, parseConfig: (json: unknown) => TrainConfig): Promise<TrainRun> {
    await selectBackend();
    const config = await readRunConfig(dir, parseConfig);
    const state = await readRunState(dir);
    const paths = runPaths(dir);
    const loaded = await loadCheckpoint(paths.checkpoint);
    const pm: PolicyModel = { model: loaded.model, tokenizer: loaded.tokenizer };
    const reference = await loadPolicyModel(paths.base);
    const rewards = rewardsOf(config);
    const trainer = new TransformerTrainer(pm.model, {
      learningRate: config.rl.learningRate,
      clipNorm: config.rl.clipNorm,
    });
    trainer.optimizer.loadState(loaded.manifest.step, loaded.extraTensors);
    const kept = await truncateMetrics(dir, state.metricsLines);
    const run = new TrainRun(config, dir, pm, reference, trainer, state.iteration, io, rewards);
    run.metricsLines = kept;
    return run;
  }

  get policyModel(): PolicyModel {
    return this.pm;
  }

  get completedIterations(): number {
    return this.iteration;
  }

  /**
   * Runs the remaining RL iterations (or those before `until`), checkpointing every `checkpointEvery` and at the
   * end; the demo calls it in slices to evaluate the policy between them.
   */
  async train(options: { until?: number } = {}): Promise<void> {
    const total = Math.min(this.config.rl.iterations, options.until ?? Number.POSITIVE_INFINITY);
    const progress = new Progress(`rl ${this.rewards.preset}`, this.config.rl.iterations, this.io.progress);
    const context = {
      config: this.config,
      rewards: this.rewards,
      policy: this.pm,
      reference: this.reference,
      trainer: this.trainer,
    };
    while (this.iteration < total) {
      const line = await rlIteration(context, this.iteration);
      await appendMetricsLine(this.dir, line);
      this.metricsLines++;
      this.iteration++;
      progress.update(this.iteration, `acc ${line.teamAccuracy.toFixed(2)} kl ${line.kl.toFixed(4)}`);
      if (this.iteration % this.config.checkpointEvery === 0 || this.iteration === total) await this.checkpoint();
    }
  }

  private async checkpoint(): Promise<void> {
    await saveCheckpoint(runPaths(this.dir).checkpoint, {
      model: this.pm.model,
      tokenizer: this.pm.tokenizer,
      step: this.trainer.optimizer.step,
      extraTensors: this.trainer.optimizer.stateTensors(),
      extraJson: { iteration: this.iteration },
    });
    await writeRunState(this.dir, {
      version: RUN_STATE_VERSION,
      iteration: this.iteration,
      metricsLines: this.metricsLines,
    });
  }

  dispose(): void {
    this.trainer.dispose();
    this.pm.model.dispose();
    this.reference.model.dispose();
  }
}
