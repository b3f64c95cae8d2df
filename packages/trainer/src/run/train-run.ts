import { appendFile, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { CosirError } from "@cosir/bayes";
import { Rng, runEpisodes, type Task, type Trace } from "@cosir/env";
import {
  TransformerTrainer,
  alignCompletions,
  loadCheckpoint,
  nextTokenLoss,
  packSequences,
  saveCheckpoint,
  selectBackend,
  tokenLogprobs,
  unpackCompletions,
  type PromptCompletion,
} from "@cosir/policy/tfjs";
import {
  REWARD_TERMS,
  rewardConfig,
  scoreEpisode,
  summariseRewards,
  type EpisodeRewards,
  type RewardConfig,
} from "@cosir/rewards";
import type { TrainConfig } from "../config/train-config";
import { Progress, type ProgressOptions } from "../metrics/progress";
import { behaviourMetrics } from "@cosir/bench";
import { computeAdvantages, type Trajectory } from "../rl/advantages";
import { learningRateAt } from "../rl/learning-rate";
import { ppoLoss } from "../rl/ppo-loss";
import { replayObservations } from "../rollout/replay-observations";
import { teacherPolicy } from "../teacher/teacher-policy";
import { createPolicyModel, promptIds, samplingPolicy, type PolicyModel } from "./policy-model";
import { derivedSeed, teacherExamples, trainingTask } from "./training-data";

export const RUN_STATE_VERSION = 1 as const;

/** What a run directory says about itself (state.json); the checkpoint holds the tensors. */
interface RunState {
  version: typeof RUN_STATE_VERSION;
  /** Completed RL iterations (the checkpoint's). */
  iteration: number;
  /** Metrics lines written up to that checkpoint. */
  metricsLines: number;
}

export interface RunIo {
  progress: ProgressOptions;
}

interface RlSample extends PromptCompletion {
  advantage: number;
  /** Log-probs recorded when the tokens were sampled. */
  sampled: number[];
  old?: number[];
  ref?: number[];
}

/** The run's reward config: its preset with any weight and clipping overrides. */
function rewardsOf(config: TrainConfig): RewardConfig {
  const r = config.rewards;
  return rewardConfig({
    preset: r.preset,
    ...(r.weights ? { weights: r.weights } : {}),
    ...(r.clipAskAtZero !== undefined ? { clipAskAtZero: r.clipAskAtZero } : {}),
  });
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function round(value: number, digits = 6): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value;
}

/** Per-token log-probs of many prompt + completion pairs under a model, in batches, without gradients. */
function completionLogprobs(pm: PolicyModel, items: readonly PromptCompletion[], batchSize: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < items.length; i += batchSize) {
    const chunk = items.slice(i, i + batchSize);
    const packed = packSequences(chunk, { padToken: pm.tokenizer.pad });
    const values = tf.tidy(() => tokenLogprobs(pm.model, packed.tokens).logprobs.dataSync());
    packed.tokens.dispose();
    packed.mask.dispose();
    out.push(...unpackCompletions(packed, values));
  }
  return out;
}

/** Supervised warm start on teacher actions: next-token loss on the action tokens only. */
export async function supervisedWarmStart(
  pm: PolicyModel,
  config: TrainConfig,
  io: RunIo,
  onEpoch: (line: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  if (config.sft.episodes === 0 || config.sft.epochs === 0) return;
  const teacher = teacherPolicy({
    seed: config.seed,
    shareRate: config.sft.shareRate,
    askRate: config.sft.askRate,
    oracleRate: config.sft.oracleRate,
    choice: config.sft.teacherChoice,
  });
  const { examples } = await teacherExamples(pm, config, teacher, config.rl.maxNewTokens);
  const trainer = new TransformerTrainer(pm.model, {
    learningRate: config.sft.learningRate,
    clipNorm: config.rl.clipNorm,
  });
  const batches = Math.ceil(examples.length / config.sft.batchSize);
  const progress = new Progress("sft", batches * config.sft.epochs, io.progress);
  let done = 0;
  try {
    for (let epoch = 0; epoch < config.sft.epochs; epoch++) {
      const started = Date.now();
      const order = new Rng(derivedSeed(config.seed, "sft-order", epoch)).shuffle([...examples.keys()]);
      const losses: number[] = [];
      let tokens = 0;
      for (let b = 0; b < batches; b++) {
        const chunk = order
          .slice(b * config.sft.batchSize, (b + 1) * config.sft.batchSize)
          .map((i) => examples[i] as PromptCompletion);
        const packed = packSequences(chunk, { padToken: pm.tokenizer.pad });
        const result = trainer.trainStep({ tokens: packed.tokens, mask: packed.mask }, nextTokenLoss);
        tokens += packed.batch * packed.time;
        packed.tokens.dispose();
        packed.mask.dispose();
        losses.push(result.loss);
        progress.update(++done, `loss ${result.loss.toFixed(3)}`);
      }
      const seconds = (Date.now() - started) / 1000;
      await onEpoch({
        phase: "sft",
        epoch,
        examples: examples.length,
        loss: round(mean(losses)),
        timing: { seconds: round(seconds, 4), tokensPerSecond: round(tokens / seconds, 4) },
      });
    }
  } finally {
    trainer.dispose();
  }
}

/**
 * One self-play RL run (DESIGN.md §5) in a directory: SFT warm start (or a given base), then
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
    await mkdir(dir, { recursive: true });
    if (existsSync(join(dir, "state.json")))
      throw new CosirError(
        "run_exists",
        `${dir} already holds a run: resume it with --resume ${dir}, or choose another --out`,
      );
    await writeJsonAtomic(join(dir, "config.json"), config);
    await writeFile(join(dir, "metrics.jsonl"), "");
    let pm: PolicyModel;
    const basePath = join(dir, "base");
    const writer = { lines: 0 };
    const log = async (line: Record<string, unknown>) => {
      await appendFile(join(dir, "metrics.jsonl"), `${JSON.stringify(line)}\n`);
      writer.lines++;
    };
    if (given) {
      pm = { model: given.model, tokenizer: given.tokenizer };
    } else {
      pm = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
      await supervisedWarmStart(pm, config, io, log);
    }
    await saveCheckpoint(basePath, { model: pm.model, tokenizer: pm.tokenizer, step: 0, extraJson: { role: "base" } });
    const reference = await TrainRun.loadBase(basePath);
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
    const config = parseConfig(JSON.parse(await readFile(join(dir, "config.json"), "utf8")));
    const state = JSON.parse(await readFile(join(dir, "state.json"), "utf8")) as RunState;
    if (
      state.version !== RUN_STATE_VERSION ||
      !Number.isInteger(state.iteration) ||
      !Number.isInteger(state.metricsLines)
    ) {
      throw new CosirError(
        "bad_state",
        `${join(dir, "state.json")}: expected {version: ${RUN_STATE_VERSION}, iteration, metricsLines}`,
      );
    }
    const loaded = await loadCheckpoint(join(dir, "checkpoint"));
    const pm: PolicyModel = { model: loaded.model, tokenizer: loaded.tokenizer };
    const reference = await TrainRun.loadBase(join(dir, "base"));
    const rewards = rewardsOf(config);
    const trainer = new TransformerTrainer(pm.model, {
      learningRate: config.rl.learningRate,
      clipNorm: config.rl.clipNorm,
    });
    trainer.optimizer.loadState(loaded.manifest.step, loaded.extraTensors);
    const lines = (await readFile(join(dir, "metrics.jsonl"), "utf8")).split("\n").filter((l) => l !== "");
    const kept = lines.slice(0, state.metricsLines);
    await writeFileAtomic(join(dir, "metrics.jsonl"), kept.map((l) => `${l}\n`).join(""));
    const run = new TrainRun(config, dir, pm, reference, trainer, state.iteration, io, rewards);
    run.metricsLines = kept.length;
    return run;
  }

  private static async loadBase(path: string): Promise<PolicyModel> {
    const base = await loadCheckpoint(path);
    return { model: base.model, tokenizer: base.tokenizer };
  }

  get policyModel(): PolicyModel {
    return this.pm;
  }

  get completedIterations(): number {
    return this.iteration;
  }

  /** Runs the remaining RL iterations, checkpointing every `checkpointEvery` and at the end. */
  async train(): Promise<void> {
    const total = this.config.rl.iterations;
    const progress = new Progress(`rl ${this.rewards.preset}`, total, this.io.progress);
    while (this.iteration < total) {
      const line = await this.rlIteration(this.iteration);
      await appendFile(join(this.dir, "metrics.jsonl"), `${JSON.stringify(line)}\n`);
      this.metricsLines++;
      this.iteration++;
      progress.update(
        this.iteration,
        `acc ${(line.teamAccuracy as number).toFixed(2)} kl ${(line.kl as number).toFixed(4)}`,
      );
      if (this.iteration % this.config.checkpointEvery === 0 || this.iteration === total) await this.checkpoint();
    }
  }

  private async checkpoint(): Promise<void> {
    await saveCheckpoint(join(this.dir, "checkpoint"), {
      model: this.pm.model,
      tokenizer: this.pm.tokenizer,
      step: this.trainer.optimizer.step,
      extraTensors: this.trainer.optimizer.stateTensors(),
      extraJson: { iteration: this.iteration },
    });
    const state: RunState = { version: RUN_STATE_VERSION, iteration: this.iteration, metricsLines: this.metricsLines };
    await writeJsonAtomic(join(this.dir, "state.json"), state);
  }

  /** One iteration: rollouts of G episodes per task, rewards, advantages, PPO epochs. */
  private async rlIteration(it: number): Promise<Record<string, unknown>> {
    const { rl } = this.config;
    const started = Date.now();
    const tasks: Task[] = [];
    for (let k = 0; k < rl.tasksPerIteration; k++) {
      const task = trainingTask(this.config, "rl", it, k);
      for (let g = 0; g < rl.groupSize; g++) tasks.push(task);
    }
    const policy = samplingPolicy(this.pm, {
      temperature: rl.temperature,
      maxNewTokens: rl.maxNewTokens,
      seed: derivedSeed(this.config.seed, "sample", it),
    });
    const traces = await runEpisodes(tasks, policy, { surface: "canonical", seed: tasks.map((_, e) => e) });
    const scored = traces.map((trace, e) => scoreEpisode(tasks[e] as Task, trace, this.rewards));
    const rolloutSeconds = (Date.now() - started) / 1000;

    const { trajectories, actions } = this.trajectories(tasks, traces, scored);
    const advantages = computeAdvantages(trajectories, { gamma: rl.gamma, meanOnly: rl.meanOnly });
    const samples: RlSample[] = [];
    let dropped = 0;
    actions.forEach((list, t) =>
      list.forEach((a, k) => {
        const advantage = (advantages[t] as number[])[k] as number;
        if (a.completion.length === 0 || (rl.dropZeroAdvantage && advantage === 0)) {
          dropped++;
          return;
        }
        samples.push({ prompt: a.prompt, completion: a.completion, sampled: a.sampled, advantage });
      }),
    );

    const stats = {
      kl: [] as number[],
      entropy: [] as number[],
      clipFraction: [] as number[],
      gradNorm: [] as number[],
      policyLoss: [] as number[],
    };
    let trainedTokens = 0;
    let samplerMismatch = 0;
    const learningRate = learningRateAt(it, { ...rl, iterations: rl.iterations });
    if (samples.length > 0) {
      const old = completionLogprobs(this.pm, samples, rl.minibatchSize);
      const ref = completionLogprobs(this.reference, samples, rl.minibatchSize);
      samples.forEach((s, i) => {
        s.old = old[i];
        s.ref = ref[i];
        (s.old ?? []).forEach((lp, j) => {
          // The sampler's log-probs and the learner's recomputation must agree (same model, same tokens).
          samplerMismatch = Math.max(samplerMismatch, Math.abs(lp - (s.sampled[j] ?? lp)));
        });
      });
      this.trainer.optimizer.learningRate = learningRate;
      for (let epoch = 0; epoch < rl.ppoEpochs; epoch++) {
        const order = new Rng(derivedSeed(this.config.seed, "ppo-order", it, epoch)).shuffle([...samples.keys()]);
        for (let b = 0; b < order.length; b += rl.minibatchSize) {
          const chunk = order.slice(b, b + rl.minibatchSize).map((i) => samples[i] as RlSample);
          const packed = packSequences(chunk, { padToken: this.pm.tokenizer.pad });
          const oldT = alignCompletions(
            packed,
            chunk.map((s) => s.old as number[]),
          );
          const refT = alignCompletions(
            packed,
            chunk.map((s) => s.ref as number[]),
          );
          const advT = alignCompletions(
            packed,
            chunk.map((s) => s.completion.map(() => s.advantage)),
          );
          let seen: number[] = [];
          const result = this.trainer.trainStep(packed, (model, batch) => {
            const { logprobs, entropy } = tokenLogprobs(model, batch.tokens, { entropy: true });
            const out = ppoLoss(
              {
                logprobs,
                oldLogprobs: oldT,
                refLogprobs: refT,
                advantages: advT,
                mask: batch.mask,
                ...(entropy ? { entropy } : {}),
              },
              { clipLow: rl.clipLow, clipHigh: rl.clipHigh, klCoef: rl.klCoef, entropyCoef: rl.entropyCoef },
            );
            seen = [out.kl, out.entropy, out.clipFraction, out.policyLoss].map((x) => x.dataSync()[0] as number);
            return out.loss;
          });
          trainedTokens += packed.batch * packed.time;
          stats.kl.push(seen[0] as number);
          stats.entropy.push(seen[1] as number);
          stats.clipFraction.push(seen[2] as number);
          stats.policyLoss.push(seen[3] as number);
          stats.gradNorm.push(result.gradNorm);
          for (const t of [packed.tokens, packed.mask, oldT, refT, advT]) t.dispose();
        }
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const summary = summariseRewards(scored);
    const behaviour = traces.map((trace, e) => behaviourMetrics(tasks[e] as Task, trace));
    const decisive = behaviour.reduce((s, b) => s + b.disclosure.decisive, 0);
    const messages = behaviour.reduce((s, b) => s + b.messages, 0);
    const asking = behaviour.reduce((s, b) => s + (b.askRate ?? 0) * b.messages, 0);
    const sampledTokens = traces.reduce(
      (s, tr) =>
        s +
        tr.messages.reduce((a, m) => a + (m.tokens?.length ?? 0), 0) +
        tr.choices.reduce((a, c) => a + (c.tokens?.length ?? 0), 0),
      0,
    );
    return {
      phase: "rl",
      iteration: it,
      preset: this.rewards.preset,
      episodes: traces.length,
      rewards: Object.fromEntries(
        [...REWARD_TERMS, "total"].map((t) => [t, round(summary[t as keyof typeof summary] as number)]),
      ),
      teamAccuracy: round(summary.teamAccuracy),
      disclosure: decisive === 0 ? 0 : round(behaviour.reduce((s, b) => s + b.disclosure.disclosed, 0) / decisive),
      askRate: messages === 0 ? 0 : round(asking / messages),
      formatErrors: round(
        mean(
          traces.map(
            (tr) => tr.messages.filter((m) => m.parseError !== undefined).length / Math.max(1, tr.messages.length),
          ),
        ),
      ),
      samples: samples.length,
      droppedZeroAdvantage: dropped,
      learningRate: round(learningRate),
      kl: round(mean(stats.kl)),
      entropy: round(mean(stats.entropy)),
      clipFraction: round(mean(stats.clipFraction)),
      policyLoss: round(mean(stats.policyLoss)),
      gradNorm: round(mean(stats.gradNorm)),
      samplerMismatch: round(samplerMismatch),
      timing: {
        seconds: round(seconds, 4),
        rolloutSeconds: round(rolloutSeconds, 4),
        episodesPerSecond: round(traces.length / rolloutSeconds, 4),
        sampledTokensPerSecond: round(sampledTokens / rolloutSeconds, 4),
        trainTokensPerSecond: round(trainedTokens / Math.max(1e-9, seconds - rolloutSeconds), 4),
      },
    };
  }

  /**
   * Each (episode, seat) is one trajectory: its actions in order with the reward each earned — a
   * message's weighted total at the message, the agent's final total at its final choice, 0 at a
   * pre-discussion choice. Groups are (task, seat).
   */
  private trajectories(tasks: readonly Task[], traces: readonly Trace[], scored: readonly EpisodeRewards[]) {
    const trajectories: Trajectory[] = [];
    const actions: (PromptCompletion & { sampled: number[] })[][] = [];
    const G = this.config.rl.groupSize;
    traces.forEach((trace, e) => {
      const task = tasks[e] as Task;
      const replayed = replayObservations(task, trace);
      const rewards = scored[e] as EpisodeRewards;
      for (let seat = 0; seat < task.agents; seat++) {
        const mine = replayed.filter((r) => r.agent === seat);
        trajectories.push({
          group: `${Math.floor(e / G)}/${seat}`,
          rewards: mine.map((r) =>
            r.kind === "message"
              ? (rewards.messages[r.index]?.total ?? 0)
              : r.kind === "choice"
                ? (rewards.agents[seat]?.total ?? 0)
                : 0,
          ),
        });
        actions.push(
          mine.map((r) => ({
            prompt: promptIds(this.pm, r.observation, this.config.rl.maxNewTokens),
            completion: r.tokens ?? [],
            sampled: r.logprobs ?? [],
          })),
        );
      }
    });
    return { trajectories, actions };
  }

  dispose(): void {
    this.trainer.dispose();
    this.pm.model.dispose();
    this.reference.model.dispose();
  }
}

async function writeFileAtomic(path: string, text: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}
