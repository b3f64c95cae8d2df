import { rename, rm, stat } from "node:fs/promises";
import {
  CheckpointError,
  Transformer,
  checkpointLeftovers,
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
import { nextSaveIteration } from "./next-save-iteration";
import { createPolicyModel, type PolicyModel } from "./policy-model";
import { rlIteration } from "./rl-iteration";
import {
  RUN_STATE_VERSION,
  appendMetricsLine,
  createRunFolder,
  metricsSha256,
  readRunConfig,
  readRunState,
  removeRunFileLeftovers,
  resumeMetrics,
  runFileSha256,
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

/** What a checkpoint says of its own progress (extraJson: {iteration, metricsLines, metricsSha256}). */
function checkpointProgress(
  path: string,
  extra: unknown,
): { iteration?: number; metricsLines?: number; metricsSha256?: string } {
  const e = (extra ?? {}) as { iteration?: unknown; metricsLines?: unknown; metricsSha256?: unknown };
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
    ...(typeof e.metricsSha256 === "string" && /^[0-9a-f]{64}$/.test(e.metricsSha256)
      ? { metricsSha256: e.metricsSha256 }
      : {}),
  };
}

/**
 * state.json against the checkpoint it describes. They agree when the checkpoint's hash is the one state.json
 * recorded (and the iteration too). The one other state an interrupted save leaves: the checkpoint of the next save
 * is in place but state.json (written after it) is not yet, so the checkpoint is ahead by one save, no more
 * (iteration in (state, next save]), with one metrics line per iteration more than state.json and its own metrics
 * hash; it is used, said so. Anything else is refused.
 */
function reconcileState(
  config: TrainConfig,
  state: RunState,
  checkpointPath: string,
  hash: string,
  saved: { iteration?: number; metricsLines?: number; metricsSha256?: string },
  say: (line: string) => void,
): RunState {
  const savedIteration = saved.iteration ?? state.iteration;
  if (state.checkpointSha256 === hash) {
    if (savedIteration !== state.iteration)
      throw new CheckpointError(
        checkpointPath,
        `holds iteration ${savedIteration} but state.json records iteration ${state.iteration}; the run folder is inconsistent`,
      );
    return state;
  }
  const next = nextSaveIteration(config, state.iteration);
  if (
    saved.iteration !== undefined &&
    saved.metricsLines !== undefined &&
    saved.metricsSha256 !== undefined &&
    saved.iteration > state.iteration
  ) {
    if (saved.iteration > next || saved.metricsLines - state.metricsLines !== saved.iteration - state.iteration)
      throw new CheckpointError(
        checkpointPath,
        `holds iteration ${saved.iteration} (${saved.metricsLines} metrics lines) but state.json records iteration ${state.iteration} (${state.metricsLines}); an interrupted save leaves the checkpoint at most one save ahead (iteration ${next}, one metrics line per iteration), so the run folder is inconsistent`,
      );
    say(
      `${checkpointPath}: one save ahead of state.json (iteration ${saved.iteration}, state.json ${state.iteration}): a stop between the two writes; resuming from the checkpoint`,
    );
    return {
      ...state,
      iteration: saved.iteration,
      metricsLines: saved.metricsLines,
      metricsSha256: saved.metricsSha256,
    };
  }
  throw new CheckpointError(
    checkpointPath,
    `sha256 ${hash.slice(0, 12)}... is not the ${state.checkpointSha256.slice(0, 12)}... state.json recorded at iteration ${state.iteration}; the checkpoint was altered`,
  );
}

/**
 * Where the checkpoint to resume from is. Normally DIR/checkpoint; a save killed between its two renames leaves
 * none, but the previous checkpoint intact in `.checkpoint.old-*` (and the new one in `.checkpoint.tmp-*`): the copy
 * whose hash is the checkpointSha256 state.json recorded is used (copies with the same hash are the same bytes).
 * Nothing is moved here; `settleCheckpoint` does that once every check has passed.
 */
async function locateCheckpoint(checkpoint: string, state: RunState): Promise<string> {
  if ((await stat(checkpoint).catch(() => undefined)) !== undefined) return checkpoint;
  const leftovers = await checkpointLeftovers(checkpoint);
  for (const leftover of leftovers) {
    const hash = await runFilesSha256(leftover.path).catch(() => undefined);
    if (hash === state.checkpointSha256) return leftover.path;
  }
  throw new CheckpointError(
    checkpoint,
    `missing, and no copy beside it (${leftovers.length === 0 ? "none found" : leftovers.map((l) => l.path).join(", ")}) has the sha256 ${state.checkpointSha256.slice(0, 12)}... state.json recorded; the run cannot be resumed`,
  );
}

/** After a resume is accepted: puts the chosen copy in place as DIR/checkpoint and removes every other leftover. */
async function settleCheckpoint(checkpoint: string, source: string, say: (line: string) => void): Promise<void> {
  if (source !== checkpoint) {
    await rename(source, checkpoint);
    say(`${checkpoint}: restored from ${source}, left by a save that was stopped between its two renames`);
  }
  for (const leftover of await checkpointLeftovers(checkpoint)) {
    await rm(leftover.path, { recursive: true, force: true });
    say(`${leftover.path}: removed (left by an interrupted save)`);
  }
}

/** Refuses a run whose config.json or base/ is not what state.json recorded when it started. */
async function checkRunHashes(paths: ReturnType<typeof runPaths>, state: RunState): Promise<void> {
  const config = await runFileSha256(paths.config);
  if (config !== state.configSha256)
    throw new CheckpointError(
      paths.config,
      `sha256 ${config.slice(0, 12)}... is not the configSha256 ${state.configSha256.slice(0, 12)}... state.json recorded when the run started; config.json was edited (learning rate, seed, preset...), so the resumed run would not be the one started: put the original back, or start a new run`,
    );
  const base = await runFilesSha256(paths.base);
  if (base !== state.baseSha256)
    throw new CheckpointError(
      paths.base,
      `sha256 ${base.slice(0, 12)}... is not the baseSha256 ${state.baseSha256.slice(0, 12)}... state.json recorded when the run started; the base (the KL reference) was altered`,
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
    /** What state.json records of config.json and base/ at every checkpoint: their hashes when the run started. */
    private readonly runHashes: { configSha256: string; baseSha256: string },
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
    const hashes = { configSha256: await runFileSha256(paths.config), baseSha256: await runFilesSha256(paths.base) };
    const run = new TrainRun(config, dir, pm, reference, trainer, 0, io, hashes);
    run.metricsLines = writer.lines;
    await run.checkpoint();
    return run;
  }

  /**
   * Resumes from DIR/checkpoint after checking the folder against itself: config.json validates as a whole,
   * config.json and base/ hash to what state.json recorded, state.json, the checkpoint (its hash and iteration) and
   * metrics.jsonl (its line and iteration counts, its hash) agree, run files are regular files, and no weight or Adam
   * moment is NaN or infinite. What an interrupted save or append leaves is repaired and said on the progress
   * stream: a torn last metrics line or lines after the checkpoint are dropped, a checkpoint one save ahead of
   * state.json is used, a checkpoint left only in `.checkpoint.old-*` is put back, leftovers are removed. Anything
   * else that does not fit is a CosirError (CheckpointError for a checkpoint, base/ or config.json) and nothing is
   * changed.
   */
  static async resume(dir: string, io: RunIo, parseConfig: (json: unknown) => TrainConfig): Promise<TrainRun> {
    const say = (line: string) => io.progress.stream.write(`[cosir] ${line}\n`);
    const config = validateTrainConfig(await readRunConfig(dir, parseConfig));
    const recorded = await readRunState(dir);
    const paths = runPaths(dir);
    const source = await locateCheckpoint(paths.checkpoint, recorded);
    const contents = await readFiniteCheckpoint(source);
    const base = await readFiniteCheckpoint(paths.base);
    await checkRunHashes(paths, recorded);
    if (JSON.stringify(base.config) !== JSON.stringify(contents.config))
      throw new CheckpointError(
        source,
        `model ${JSON.stringify(contents.config)} differs from the base's ${JSON.stringify(base.config)}`,
      );
    const state = reconcileState(
      config,
      recorded,
      source,
      await runFilesSha256(source),
      checkpointProgress(source, contents.extraJson),
      say,
    );
    if (state.iteration > config.rl.iterations)
      throw new CosirError(
        "run_inconsistent",
        `${paths.state}: iteration ${state.iteration} is past the config's rl.iterations ${config.rl.iterations}`,
      );
    const kept = await resumeMetrics(dir, state, say);
    await settleCheckpoint(paths.checkpoint, source, say);
    await removeRunFileLeftovers(dir, say);
    await selectBackend();
    const pm = policyModelOf(contents);
    const reference = policyModelOf(base);
    const trainer = new TransformerTrainer(pm.model, {
      learningRate: config.rl.learningRate,
      clipNorm: config.rl.clipNorm,
    });
    trainer.optimizer.loadState(contents.manifest.step, contents.extraTensors);
    const hashes = { configSha256: recorded.configSha256, baseSha256: recorded.baseSha256 };
    const run = new TrainRun(config, dir, pm, reference, trainer, state.iteration, io, hashes);
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

  /** Saves the checkpoint, then state.json (in that order: see reconcileState for a stop between the two). */
  private async checkpoint(): Promise<void> {
    const metrics = await metricsSha256(this.dir);
    await saveCheckpoint(runPaths(this.dir).checkpoint, {
      model: this.pm.model,
      tokenizer: this.pm.tokenizer,
      step: this.trainer.optimizer.step,
      extraTensors: this.trainer.optimizer.stateTensors(),
      extraJson: { iteration: this.iteration, metricsLines: this.metricsLines, metricsSha256: metrics },
    });
    await writeRunState(this.dir, {
      version: RUN_STATE_VERSION,
      iteration: this.iteration,
      metricsLines: this.metricsLines,
      checkpointSha256: await runFilesSha256(runPaths(this.dir).checkpoint),
      metricsSha256: metrics,
      ...this.runHashes,
    });
  }

  dispose(): void {
    this.trainer.dispose();
    this.pm.model.dispose();
    this.reference.model.dispose();
  }
}
