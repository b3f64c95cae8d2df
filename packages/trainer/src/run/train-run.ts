import {
  CheckpointError,
  Transformer,
  TransformerTrainer,
  readCheckpoint,
  saveCheckpoint,
  selectBackend,
  type CheckpointContents,
} from "@cosir/policy/tfjs";
import { CosirError } from "@cosir/bayes";
import { validateTrainConfig, type TrainConfig } from "../config/train-config";
import type { MetricsLine } from "../metrics/metrics-line";
import { Progress } from "../metrics/progress";
import { derivedSeed } from "../rollout/training-data";
import { createPolicyModel, type PolicyModel } from "./policy-model";
import { rlIteration } from "./rl-iteration";
import {
  RUN_STATE_VERSION,
  appendMetricsLine,
  createRunFolder,
  metricsSha256,
  readRunConfig,
  readRunState,
  resumeMetrics,
  runFilesSha256,
  runPaths,
  writeRunState,
  type RunState,
} from "./run-folder";
import { supervisedWarmStart, type RunIo } from "./supervised-warm-start";

/**
 * Reads a checkpoint and refuses one whose weights or optimizer tensors hold NaN or Infinity (training from it would
 * only write NaN metrics and a NaN checkpoint): a CheckpointError naming the folder, the tensor and the index.
 */
async function readFiniteCheckpoint(path: string): Promise<CheckpointContents> {
  const contents = await readCheckpoint(path);
  const tensors: [string, Float32Array][] = [
    ...contents.weights,
    ...[...contents.extraTensors].map(([name, t]): [string, Float32Array] => [name, t.data]),
  ];
  for (const [name, data] of tensors) {
    for (let i = 0; i < data.length; i++) {
      if (!Number.isFinite(data[i] as number))
        throw new CheckpointError(
          path,
          `tensor ${JSON.stringify(name)} holds ${data[i]} at index ${i}; refusing to train from it`,
        );
    }
  }
  return contents;
}

/** The model of a checked checkpoint (what loadCheckpoint builds). */
function policyModelOf(contents: CheckpointContents): PolicyModel {
  return { model: new Transformer(contents.config, { weights: contents.weights }), tokenizer: contents.tokenizer };
}

async function loadPolicyModel(path: string): Promise<PolicyModel> {
  return policyModelOf(await readFiniteCheckpoint(path));
}

/** What a checkpoint says of its own progress (extraJson: {iteration, metricsLines}). */
function checkpointProgress(path: string, extra: unknown): { iteration?: number; metricsLines?: number } {
  const e = (extra ?? {}) as { iteration?: unknown; metricsLines?: unknown };
  const count = (v: unknown, name: string): number | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0)
      throw new CheckpointError(path, `extraJson.${name} is ${JSON.stringify(v)}; expected a count >= 0`);
    return v;
  };
  const iteration = count(e.iteration, "iteration");
  const metricsLines = count(e.metricsLines, "metricsLines");
  return {
    ...(iteration !== undefined ? { iteration } : {}),
    ...(metricsLines !== undefined ? { metricsLines } : {}),
  };
}

/**
 * state.json against the checkpoint it describes. They agree when the checkpoint's hash is the one state.json
 * recorded (and the iteration too). A checkpoint exactly one save ahead of state.json (a stop between the two
 * writes, which save in that order) carries its own counts and is used, said so. Anything else is refused.
 */
function reconcileState(
  state: RunState,
  checkpointPath: string,
  hash: string,
  saved: { iteration?: number; metricsLines?: number },
  say: (line: string) => void,
): RunState {
  const savedIteration = saved.iteration ?? state.iteration;
  if (state.checkpointSha256 === undefined || state.checkpointSha256 === hash) {
    if (savedIteration !== state.iteration)
      throw new CheckpointError(
        checkpointPath,
        `holds iteration ${savedIteration} but state.json records iteration ${state.iteration}; the run folder is inconsistent`,
      );
    return state;
  }
  if (saved.iteration !== undefined && saved.metricsLines !== undefined && saved.iteration > state.iteration) {
    say(
      `${checkpointPath}: one save ahead of state.json (iteration ${saved.iteration}, state.json ${state.iteration}): a stop between the two writes; resuming from the checkpoint`,
    );
    return { version: RUN_STATE_VERSION, iteration: saved.iteration, metricsLines: saved.metricsLines };
  }
  throw new CheckpointError(
    checkpointPath,
    `sha256 ${hash.slice(0, 12)}... is not the ${state.checkpointSha256.slice(0, 12)}... state.json recorded at iteration ${state.iteration}; the checkpoint was altered`,
  );
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
  ) {}

  /** Starts a run: writes config.json, trains (or copies) the base, checkpoints it as DIR/base. */
  static async start(config: TrainConfig, dir: string, io: RunIo, options: { base?: string } = {}): Promise<TrainRun> {
    // Everything that can fail on bad input is checked before anything is written: the whole config, the base.
    validateTrainConfig(config);
    await selectBackend();
    const given = options.base ? await readFiniteCheckpoint(options.base) : undefined;
    const paths = await createRunFolder(dir, config);
    let pm: PolicyModel;
    const writer = { lines: 0 };
    const log = async (line: MetricsLine) => {
      await appendMetricsLine(dir, line);
      writer.lines++;
    };
    if (given) {
      pm = policyModelOf(given);
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
    const run = new TrainRun(config, dir, pm, reference, trainer, 0, io);
    run.metricsLines = writer.lines;
    await run.checkpoint();
    return run;
  }

  /**
   * Resumes from DIR/checkpoint after checking the folder against itself: config.json validates as a whole,
   * state.json, the checkpoint (its hash and iteration) and metrics.jsonl (its line and iteration counts, its hash)
   * agree, and no weight or Adam moment is NaN or infinite. A torn last metrics line is dropped, and lines written
   * after the checkpoint are dropped, each said on the progress stream. Anything else that does not fit is a
   * CosirError (CheckpointError for the checkpoint) and nothing is changed.
   */
  static async resume(dir: string, io: RunIo, parseConfig: (json: unknown) => TrainConfig): Promise<TrainRun> {
    const say = (line: string) => io.progress.stream.write(`[cosir] ${line}\n`);
    const config = validateTrainConfig(await readRunConfig(dir, parseConfig));
    const recorded = await readRunState(dir);
    const paths = runPaths(dir);
    const contents = await readFiniteCheckpoint(paths.checkpoint);
    const base = await readFiniteCheckpoint(paths.base);
    if (JSON.stringify(base.config) !== JSON.stringify(contents.config))
      throw new CheckpointError(
        paths.checkpoint,
        `model ${JSON.stringify(contents.config)} differs from the base's ${JSON.stringify(base.config)}`,
      );
    const state = reconcileState(
      recorded,
      paths.checkpoint,
      await runFilesSha256(paths.checkpoint),
      checkpointProgress(paths.checkpoint, contents.extraJson),
      say,
    );
    if (state.iteration > config.rl.iterations)
      throw new CosirError(
        "run_inconsistent",
        `${paths.state}: iteration ${state.iteration} is past the config's rl.iterations ${config.rl.iterations}`,
      );
    const kept = await resumeMetrics(dir, state, say);
    await selectBackend();
    const pm = policyModelOf(contents);
    const reference = policyModelOf(base);
    const trainer = new TransformerTrainer(pm.model, {
      learningRate: config.rl.learningRate,
      clipNorm: config.rl.clipNorm,
    });
    trainer.optimizer.loadState(contents.manifest.step, contents.extraTensors);
    const run = new TrainRun(config, dir, pm, reference, trainer, state.iteration, io);
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
    const progress = new Progress(`rl ${this.config.rewards.preset}`, this.config.rl.iterations, this.io.progress);
    const context = {
      config: this.config,
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
      extraJson: { iteration: this.iteration, metricsLines: this.metricsLines },
    });
    await writeRunState(this.dir, {
      version: RUN_STATE_VERSION,
      iteration: this.iteration,
      metricsLines: this.metricsLines,
      checkpointSha256: await runFilesSha256(runPaths(this.dir).checkpoint),
      metricsSha256: await metricsSha256(this.dir),
    });
  }

  dispose(): void {
    this.trainer.dispose();
    this.pm.model.dispose();
    this.reference.model.dispose();
  }
}
