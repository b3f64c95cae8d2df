import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { saveCheckpoint, selectBackend } from "@cosir/policy/tfjs";
import type { TrainConfig } from "../config/train-config";
import { derivedSeed } from "../rollout/training-data";
import type { TaskGenerator } from "@cosir/env";
import { measureBaseSkills, type BaseSkills } from "./base-skills";
import { measureHeldOutSkills, type HeldOutSkills } from "./held-out-skills";
import { evaluationTasks } from "./evaluate-policy";
import { initNumberEmbedding } from "./number-embedding";
import { TRAINER_MAX_NUMBER, createPolicyModel } from "./policy-model";
import { scratchpadFor } from "../teacher/choice-scratchpad";
import { pretrainBase } from "./pretrain-base";
import { writeFileAtomic, writeJsonAtomic } from "./run-folder";
import { checkOutputFolder, checkOutputPath } from "@cosir/policy";
import { existsSync } from "node:fs";
import { validateTrainConfig } from "../config/train-config";
import type { RunIo } from "./supervised-warm-start";

/** Version of a pretrained base's manifest (DIR/base.json). */
export const BASE_MANIFEST_VERSION = 1 as const;

/** DIR/base.json: how a committed base was made and what it can do, so anyone can re-make and check it. */
export interface BaseManifest {
  version: typeof BASE_MANIFEST_VERSION;
  /** The command that made it, e.g. "cosir pretrain --preset demo --out models/demo-base". */
  command: string;
  config: TrainConfig;
  backend: string;
  parameters: number;
  steps: number;
  seconds: number;
  /** sha256 of checkpoint/model.safetensors and of pretrain-log.jsonl. */
  sha256: { weights: string; log: string };
  /** Measured on `eval.episodes` held-out tasks at temperature 1. */
  skills: BaseSkills;
  /**
   * Per held-out family and on soloFullInformation, on `pretrain.heldOutEpisodes` tasks each at the RL temperature
   * (issue 24); absent when none were asked for or no generators were given.
   */
  heldOut?: HeldOutSkills;
}

export const basePaths = (dir: string) => ({
  checkpoint: join(dir, "checkpoint"),
  log: join(dir, "pretrain-log.jsonl"),
  manifest: join(dir, "base.json"),
});

const sha256 = async (path: string) =>
  createHash("sha256")
    .update(await readFile(path))
    .digest("hex");

/**
 * `cosir pretrain`: pretrains the embedded base from `config` (seeded, so the same config and back end give the
 * same log), writes DIR/checkpoint, DIR/pretrain-log.jsonl (one line per step) and DIR/base.json (provenance,
 * hashes and the measured skills).
 */
export async function runPretrain(
  config: TrainConfig,
  dir: string,
  io: RunIo,
  options: {
    command: string;
    log?: (line: string) => void;
    /** The held-out families' generators (@cosir/bench's heldOutFamilies), measured when `pretrain.heldOutEpisodes`. */
    heldOut?: Readonly<Record<string, TaskGenerator>>;
  },
): Promise<BaseManifest> {
  // The config and the output folder are checked before minutes of pretraining, not after.
  validateTrainConfig(config);
  checkOutputFolder(dir, "--out");
  const paths = basePaths(dir);
  // design §5.5: base.json and the log are never put in place of a link, a folder or a device; refused now.
  if (existsSync(dir)) for (const file of [paths.manifest, paths.log]) checkOutputPath(file, "--out");
  const backend = await selectBackend();
  const started = Date.now();
  const pm = createPolicyModel(config.model, derivedSeed(config.seed, "init"));
  if (config.pretrain.numberEmbedding === "fourier") await initNumberEmbedding(pm, TRAINER_MAX_NUMBER);
  const lines: string[] = [];
  try {
    options.log?.(`pretraining ${pm.model.parameterCount()} parameters on ${backend.name}`);
    await pretrainBase(pm, config, io, (line) => {
      lines.push(`${JSON.stringify(line)}\n`);
    });
    const seconds = (Date.now() - started) / 1000;
    // The weights and the log are written before the measurement (which can take as long as an hour on the shapes
    // preset), so a failure there loses no pretraining; base.json, written last, is what vouches for them.
    // An old manifest goes before the checkpoint changes (it would vouch for other weights); only a regular file.
    if (existsSync(dir)) checkOutputPath(paths.manifest, "--out");
    await rm(paths.manifest, { force: true });
    await saveCheckpoint(paths.checkpoint, { model: pm.model, tokenizer: pm.tokenizer, extraJson: { role: "base" } });
    await writeFileAtomic(paths.log, lines.join(""));
    options.log?.(`saved the checkpoint to ${paths.checkpoint}`);
    options.log?.(`measuring the base on ${config.eval.episodes} held-out tasks`);
    const skills = await measureBaseSkills(pm, evaluationTasks(config), {
      temperature: config.rl.temperature,
      maxNewTokens: config.rl.maxNewTokens,
      seed: config.seed,
      choiceTemperature: config.eval.choiceTemperature,
    });
    const heldOutEpisodes = config.pretrain.heldOutEpisodes ?? 0;
    let heldOut: HeldOutSkills | undefined;
    if (heldOutEpisodes > 0 && options.heldOut !== undefined) {
      options.log?.(`measuring the base on ${heldOutEpisodes} tasks of each held-out family and soloFullInformation`);
      heldOut = await measureHeldOutSkills(pm, options.heldOut, {
        temperature: config.rl.temperature,
        maxNewTokens: config.rl.maxNewTokens,
        seed: config.seed,
        choiceTemperature: config.eval.choiceTemperature,
        episodes: heldOutEpisodes,
        seedOffset: config.eval.seedOffset,
        // the written tallies against the teacher's, where the base was taught the percent scratchpad
        ...(config.sft.teacherChoice === "scratchpad" ? { scratchpad: scratchpadFor(config.sft.totalScratchpad) } : {}),
      });
    }
    const manifest: BaseManifest = {
      version: BASE_MANIFEST_VERSION,
      command: options.command,
      config,
      backend: backend.name,
      parameters: pm.model.parameterCount(),
      steps: lines.length,
      seconds,
      sha256: { weights: await sha256(join(paths.checkpoint, "model.safetensors")), log: await sha256(paths.log) },
      skills,
      ...(heldOut === undefined ? {} : { heldOut }),
    };
    await writeJsonAtomic(paths.manifest, manifest);
    return manifest;
  } finally {
    pm.model.dispose();
  }
}
