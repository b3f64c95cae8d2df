import { InvalidConfigError } from "@cosir/bayes";
import { describeZodError } from "@cosir/env";
import { z } from "zod";
import type { RewardTermDefinition } from "../terms/reward-term-definition";
import { rewardTerms, type RewardTerm } from "../terms/reward-terms";

export const REWARD_CONFIG_VERSION = 1 as const;

const weight = z.number().finite().min(0).max(1000);

/**
 * Weights of every reward term, one key per row of `rewardTerms` in table order (docs/design.md §3). A term's
 * contribution is weight x raw, so `falseClaim` is c_false and `format` is c_format; the raw values are in
 * each term's file (packages/rewards/src/terms/).
 */
export const RewardWeightsSchema = z
  .object(
    Object.fromEntries(
      rewardTerms.map((t: RewardTermDefinition) => [
        t.name,
        t.weightWhenAbsent === undefined ? weight : weight.default(t.weightWhenAbsent),
      ]),
    ) as Record<RewardTerm, typeof weight>,
  )
  .strict();
export type RewardWeights = z.infer<typeof RewardWeightsSchema>;

export const RewardConfigSchema = z
  .object({
    version: z.literal(REWARD_CONFIG_VERSION).default(REWARD_CONFIG_VERSION),
    /** Name of the preset the weights came from, or "custom". */
    preset: z.string().min(1).default("custom"),
    weights: RewardWeightsSchema,
    /** Clip each ask reward at 0 from below (docs/design.md §3: optional, default off). */
    clipAskAtZero: z.boolean().default(false),
    /**
     * How asks are paid (docs/design.md §3.7): "perCell" (absent: the first rule) sums the reduction of every
     * distinct asked cell a teammate sees; "bounded" pays once, per message, the reduction a truthful answer to
     * all its eligible asks would bring, and only for cells not yet stated or paid, that a holder can still answer.
     */
    askRule: z.enum(["perCell", "bounded"]).optional(),
  })
  .strict();
export type RewardConfig = z.infer<typeof RewardConfigSchema>;
export type RewardConfigInput = z.input<typeof RewardConfigSchema>;

/** Every term's name, in table order (`rewardTerms`). */
export const REWARD_TERMS: readonly RewardTerm[] = Object.freeze(rewardTerms.map((t) => t.name));

/** A preset's weights, read from the term table. */
function presetWeights(preset: "cosir" | "outcomeOnly"): RewardWeights {
  return Object.freeze(Object.fromEntries(rewardTerms.map((t) => [t.name, t.presets[preset]]))) as RewardWeights;
}

/** The CoSIR preset: every verifiable per-message term on, plus the outcome. */
export const cosirPreset: RewardConfig = Object.freeze({
  version: REWARD_CONFIG_VERSION,
  preset: "cosir",
  weights: presetWeights("cosir"),
  clipAskAtZero: false,
}) as RewardConfig;

/** The paper's baseline: the same RL driven by final success alone (all weights but task at 0). */
export const outcomeOnlyPreset: RewardConfig = Object.freeze({
  version: REWARD_CONFIG_VERSION,
  preset: "outcomeOnly",
  weights: presetWeights("outcomeOnly"),
  clipAskAtZero: false,
}) as RewardConfig;

export const rewardPresets: Readonly<Record<string, RewardConfig>> = Object.freeze({
  cosir: cosirPreset,
  outcomeOnly: outcomeOnlyPreset,
});

/** A preset by name, looked up among the registry's own keys only (`toString`, `__proto__` are not presets). */
function ownPreset(name: unknown): RewardConfig | undefined {
  return typeof name === "string" && Object.hasOwn(rewardPresets, name) ? rewardPresets[name] : undefined;
}

/**
 * Resolves a preset name, a full config, or a preset name plus weight overrides into a validated
 * config. Errors name the field and the value.
 */
export function rewardConfig(
  input:
    | string
    | RewardConfigInput
    | {
        preset: string;
        weights?: Partial<RewardWeights>;
        clipAskAtZero?: boolean;
        askRule?: "perCell" | "bounded";
      } = "cosir",
): RewardConfig {
  if (typeof input === "string") {
    const preset = ownPreset(input);
    if (preset === undefined)
      throw new InvalidConfigError("preset", input, `expected one of ${Object.keys(rewardPresets).join(", ")}`);
    return preset;
  }
  let candidate: unknown = input;
  const base = input && typeof input === "object" ? ownPreset(input.preset) : undefined;
  if (base !== undefined) {
    candidate = { ...base, ...input, weights: { ...base.weights, ...(input.weights ?? {}) } };
  }
  const parsed = RewardConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    const d = describeZodError("rewards", parsed.error, candidate);
    throw new InvalidConfigError(d.field, d.value, d.message, { cause: parsed.error });
  }
  return parsed.data;
}
