import { existsSync, readdirSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CosirError } from "@cosir/bayes";
import { LoraAdapter, loadDecoderCheckpoint, saveLoraAdapter, type DecoderCheckpoint } from "@cosir/policy/hf";
import { checkOutputFolder, prepareOutputFolder } from "@cosir/policy";
import { AdamOptimizer } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import type { MetricsLine } from "../metrics/metrics-line";
import { Progress, type ProgressOptions } from "../metrics/progress";
import { derivedSeed } from "../rollout/training-data";
import { writeFileAtomic, writeJsonAtomic } from "../run/run-folder";
import { loraSettingsOf, type HfLoraSection, type HfPolicySection } from "./hf-train-config";
import { hfRlIteration, type HfRlMetricsLine } from "./hf-rl-iteration";
import { hfWarmStart } from "./hf-warm-start";

export const HF_LORA_RUN_VERSION = 1 as const;

/** The run folder's config.json of `cosir train --model`. */
export interface HfLoraRunConfig {
  version: typeof HF_LORA_RUN_VERSION;
  kind: "hfLora";
  /** The base model's folder, absolute. */
  model: string;
  architecture: string;
  lora: HfLoraSection;
  hf: HfPolicySection;
  train: TrainConfig;
}

/**
 * LoRA training of a Hugging Face decoder with CoSIR rewards (`cosir train --model DIR`): a short supervised warm
 * start on the teacher's tool calls, then `rl.iterations` RL iterations on the tool surface (hfRlIteration). The run
 * folder holds config.json, metrics.jsonl (one line per SFT epoch and per RL iteration), `adapter-iteration-N/` every
 * `lora.saveEvery` iterations and `adapter/` at the end, each in PEFT's layout (adapter_config.json +
 * adapter_model.safetensors). Load one back with `loadLoraAdapter(dir, model)` from @cosir/policy/hf.
 */
export class HfLoraRun {
  completedIterations = 0;
  private readonly optimizer: AdamOptimizer;
  /** The adapter as the warm start left it (B = 0 without one), frozen: RL's KL reference; null until train(). */
  private reference: LoraAdapter | null = null;

  private constructor(
    readonly dir: string,
    readonly config: TrainConfig,
    readonly lora: HfLoraSection,
    readonly hf: HfPolicySection,
    readonly checkpoint: DecoderCheckpoint,
    readonly adapter: LoraAdapter,
    private readonly progress: ProgressOptions,
  ) {
    this.optimizer = new AdamOptimizer({ learningRate: config.rl.learningRate });
  }

  /**
   * Loads the model and builds the adapter before anything is written (a missing folder or a bad config.json throws
   * the loader's error naming the file; a folder that already holds files is refused), then writes config.json.
   */
  static async start(
    modelDir: string,
    out: string,
    config: TrainConfig,
    sections: { lora: HfLoraSection; hf: HfPolicySection },
    io: { progress: ProgressOptions },
  ): Promise<HfLoraRun> {
    const target = checkOutputFolder(out, "--out");
    if (existsSync(target) && readdirSync(target).length > 0)
      throw new CosirError("run_exists", `${out} is not empty: choose a new --out for the run`);
    const { lora, hf } = sections;
    const settings = loraSettingsOf(lora);
    const checkpoint = loadDecoderCheckpoint(modelDir);
    let run: HfLoraRun | undefined;
    try {
      const adapter = LoraAdapter.create(checkpoint.model, settings, derivedSeed(config.seed, "lora"));
      run = new HfLoraRun(target, config, lora, hf, checkpoint, adapter, io.progress);
      prepareOutputFolder(target, "--out");
      const saved: HfLoraRunConfig = {
        version: HF_LORA_RUN_VERSION,
        kind: "hfLora",
        model: resolve(modelDir),
        architecture: checkpoint.config.architecture,
        lora,
        hf,
        train: config,
      };
      await writeJsonAtomic(join(target, "config.json"), saved);
      await writeFileAtomic(join(target, "metrics.jsonl"), "");
      return run;
    } catch (error) {
      if (run !== undefined) run.dispose();
      else checkpoint.model.dispose();
      throw error;
    }
  }

  get model() {
    return this.checkpoint.model;
  }

  private async append(line: MetricsLine | HfRlMetricsLine): Promise<void> {
    await appendFile(join(this.dir, "metrics.jsonl"), `${JSON.stringify(line)}\n`);
  }

  /** Saves the adapter (PEFT layout) as `name/` in the run folder; returns its path. */
  async saveAdapter(name: string): Promise<string> {
    return saveLoraAdapter(join(this.dir, name), this.adapter, resolve(this.checkpoint.dir));
  }

  /** Warm start, RL iterations, adapter checkpoints; returns every RL line. */
  async train(): Promise<HfRlMetricsLine[]> {
    const learner = {
      model: this.checkpoint.model,
      tokenizer: this.checkpoint.tokenizer,
      adapter: this.adapter,
      optimizer: this.optimizer,
      toolSchemas: this.hf.toolSchemas,
      reference: null as LoraAdapter | null,
    };
    await hfWarmStart(learner, this.config, this.progress, (line) => this.append(line));
    // the KL keeps RL near the policy it starts from (the warm-started adapter), not near the random base
    this.reference?.dispose();
    this.reference = learner.reference = this.adapter.snapshot();
    const { rl } = this.config;
    const bar = new Progress("rl", rl.iterations, this.progress);
    const lines: HfRlMetricsLine[] = [];
    for (let iteration = 0; iteration < rl.iterations; iteration++) {
      const line = await hfRlIteration(learner, this.config, iteration);
      await this.append(line);
      lines.push(line);
      this.completedIterations = iteration + 1;
      bar.update(
        iteration + 1,
        `reward ${line.rewards.total.toFixed(3)} format-valid ${line.formatValid.toFixed(2)} choice-valid ${line.choiceValid.toFixed(2)} kl ${line.kl.toFixed(4)} ${line.timing.seconds.toFixed(0)}s`,
      );
      if (this.lora.saveEvery > 0 && (iteration + 1) % this.lora.saveEvery === 0 && iteration + 1 < rl.iterations)
        await this.saveAdapter(`adapter-iteration-${iteration + 1}`);
    }
    await this.saveAdapter("adapter");
    return lines;
  }

  dispose(): void {
    this.reference?.dispose();
    this.optimizer.dispose();
    this.adapter.dispose();
    this.checkpoint.model.dispose();
  }
}
