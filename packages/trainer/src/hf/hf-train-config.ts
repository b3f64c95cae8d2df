import { InvalidConfigError } from "@cosir/bayes";
import { describeZodError } from "@cosir/env";
import { LORA_TARGETS, parseLoraSettings, type LoraSettings } from "@cosir/policy/hf";
import { z } from "zod";
import { deepMerge } from "../config/deep-merge";
import { resolveTrainConfig, type TrainConfig, type TrainConfigInput } from "../config/train-config";

const int = z.number().int();

/** `lora.targetModules` from `--set` may be one comma-separated string: `--set lora.targetModules=q_proj,v_proj`. */
function listFromText(value: unknown): unknown {
  return typeof value === "string" ? value.split(",").map((s) => s.trim()) : value;
}

/**
 * The `lora` section of `cosir train --model` (set with `--set lora.rank=16` or a config file's `lora` object):
 * the adapter PEFT saves (rank, alpha, dropout, target modules) and how often it is saved during the run.
 */
export const HfLoraSectionSchema = z
  .object({
    rank: int.min(1).max(1024).default(8),
    alpha: z.number().finite().positive().default(16),
    dropout: z.number().min(0).lt(1).default(0),
    /** PEFT module names; default all seven (a random tiny base needs the MLP's capacity too, see the README). */
    targetModules: z.preprocess(listFromText, z.array(z.enum(LORA_TARGETS)).min(1)).default([...LORA_TARGETS]),
    /** Save the adapter as `adapter-iteration-N/` every this many RL iterations (0: only `adapter/` at the end). */
    saveEvery: int.min(0).max(1_000_000).default(0),
  })
  .strict();
export type HfLoraSection = z.infer<typeof HfLoraSectionSchema>;

/** The `hf` section of `cosir train --model`: how the policy renders its prompts (HfPolicy's options). */
export const HfPolicySectionSchema = z
  .object({
    /** Render the tool schemas in the prompt (HfPolicy's `toolSchemas`); false cuts a small task's ~800 tokens to ~300. */
    toolSchemas: z.boolean().default(true),
  })
  .strict();
export type HfPolicySection = z.infer<typeof HfPolicySectionSchema>;

/**
 * What `cosir train --model` starts from when no `--preset` is given: a 2-agent, 2-option, 2-attribute task with one
 * round (prompts of ~800 Qwen3 tokens on the tool surface), a short supervised warm start on the teacher's tool calls,
 * and small RL iterations sized for a tiny model on one CPU core.
 */
export const hfTrainDefaults: TrainConfigInput = {
  preset: "hfTiny",
  task: { family: "random", options: 2, attributes: 2, agents: 2, rounds: 1 },
  sft: { episodes: 6, epochs: 1, batchSize: 8, learningRate: 3e-3 },
  rl: {
    iterations: 8,
    tasksPerIteration: 2,
    groupSize: 4,
    maxNewTokens: 40,
    learningRate: 2e-3,
    minLearningRate: 2e-3,
    warmupIterations: 0,
    decay: "none",
    ppoEpochs: 1,
    minibatchSize: 64,
    microbatchSize: 8,
    klCoef: 0.02,
  },
};

/** Parses the `lora` section; errors name `lora.<field>` and the value. */
export function parseHfLoraSection(input: unknown): HfLoraSection {
  const parsed = HfLoraSectionSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const d = describeZodError("lora", parsed.error, input ?? {});
    // a list given as one string ("q_proj,qkv") has no value at [field, i]: name the string the user wrote
    const top = parsed.error.issues[0]?.path[0];
    const value =
      d.value === undefined && typeof top === "string" && input !== null && typeof input === "object"
        ? (input as Record<string, unknown>)[top]
        : d.value;
    throw new InvalidConfigError(d.field || "lora", value, d.message, { cause: parsed.error });
  }
  return parsed.data;
}

/** The adapter settings (PEFT's names) of a `lora` section. */
export function loraSettingsOf(section: HfLoraSection): LoraSettings {
  return parseLoraSettings({
    r: section.rank,
    lora_alpha: section.alpha,
    lora_dropout: section.dropout,
    target_modules: section.targetModules,
  });
}

function splitSection(layer: unknown, key: "lora" | "hf"): { rest: unknown; section: unknown } {
  if (layer === null || typeof layer !== "object" || Array.isArray(layer) || !Object.hasOwn(layer, key))
    return { rest: layer, section: undefined };
  const { [key]: section, ...rest } = layer as Record<string, unknown>;
  if (section === null || typeof section !== "object" || Array.isArray(section))
    throw new InvalidConfigError(key, section, "expected an object of settings");
  return { rest, section };
}

/** Parses the `hf` section; errors name `hf.<field>` and the value. */
export function parseHfPolicySection(input: unknown): HfPolicySection {
  const parsed = HfPolicySectionSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const d = describeZodError("hf", parsed.error, input ?? {});
    throw new InvalidConfigError(d.field || "hf", d.value, d.message, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * The config of `cosir train --model`: the trainer's own config (preset, else `hfTrainDefaults` -> file ->
 * overrides, validated as `cosir train` validates it), and the `lora` and `hf` sections split off from the file and
 * the overrides. Settings the Hugging Face path cannot honour are refused naming the field: `rl.credit: "act"` (its act
 * spans are the canonical tokenizer's), `rl.choiceDistillCoef` > 0 and `rl.entropyCoef` > 0. The `model` section (the
 * embedded transformer's shape) and `rl.packing` do not apply: the model is the folder's.
 */
export function resolveHfTrainConfig(layers: {
  preset?: string;
  file?: unknown;
  overrides?: readonly Record<string, unknown>[];
}): { config: TrainConfig; lora: HfLoraSection; hf: HfPolicySection } {
  const sections: Record<"lora" | "hf", unknown> = { lora: {}, hf: {} };
  const take = (layer: unknown): unknown => {
    let rest = layer;
    for (const key of ["lora", "hf"] as const) {
      const split = splitSection(rest, key);
      if (split.section !== undefined) sections[key] = deepMerge(sections[key], split.section);
      rest = split.rest;
    }
    return rest;
  };
  const file = { rest: take(layers.file) };
  const overrides: Record<string, unknown>[] = [];
  for (const o of layers.overrides ?? []) {
    const rest = take(o) as Record<string, unknown>;
    if (Object.keys(rest).length > 0) overrides.push(rest);
  }
  const config = resolveTrainConfig(
    layers.preset !== undefined
      ? { preset: layers.preset, ...(file.rest !== undefined ? { file: file.rest } : {}), overrides }
      : { file: deepMerge(hfTrainDefaults, file.rest ?? {}), overrides },
  );
  if (config.rl.credit !== "message")
    throw new InvalidConfigError("rl.credit", config.rl.credit, 'expected "message" with --model');
  if (config.rl.choiceDistillCoef > 0)
    throw new InvalidConfigError("rl.choiceDistillCoef", config.rl.choiceDistillCoef, "expected 0 with --model");
  if (config.rl.entropyCoef > 0)
    throw new InvalidConfigError("rl.entropyCoef", config.rl.entropyCoef, "expected 0 with --model");
  for (const [arm, overlay] of Object.entries(config.arms)) {
    const rl = overlay.rl ?? {};
    if (rl.credit === "act")
      throw new InvalidConfigError(`arms.${arm}.rl.credit`, rl.credit, 'expected "message" with --model');
  }
  return { config, lora: parseHfLoraSection(sections.lora), hf: parseHfPolicySection(sections.hf) };
}
