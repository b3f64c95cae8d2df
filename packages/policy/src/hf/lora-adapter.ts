import * as tf from "@tensorflow/tfjs-core";
import { InvalidConfigError } from "@cosir/bayes";
import { z } from "zod";
import { SeededRandom } from "../tfjs/seeded-random";
import type { ProjectionAdapter } from "./decoder-model";
import { DecoderModel } from "./decoder-model";
import type { DecoderLayerWeights } from "./decoder-weights";
import { PROJECTION_MODULES } from "./decoder-weights";

/** The projections LoRA can target, by PEFT's module names. */
export const LORA_TARGETS = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"] as const;
export type LoraTarget = (typeof LORA_TARGETS)[number];

/** LoRA settings, PEFT's names and defaults where PEFT has them. */
export const LoraSettingsSchema = z.object({
  r: z.number().int().positive().default(8),
  lora_alpha: z.number().positive().default(16),
  lora_dropout: z.number().min(0).lt(1).default(0),
  target_modules: z.array(z.enum(LORA_TARGETS)).min(1).default(["q_proj", "k_proj", "v_proj", "o_proj"]),
});
export type LoraSettings = z.infer<typeof LoraSettingsSchema>;

/** Parses LoRA settings; errors name the field and value. */
export function parseLoraSettings(input: unknown, source = "lora"): LoraSettings {
  const parsed = LoraSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const value = issue.path.reduce<unknown>(
      (v, k) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[k] : undefined),
      input,
    );
    throw new InvalidConfigError(`${source}.${issue.path.join(".")}`, value, issue.message);
  }
  return parsed.data;
}

const moduleKey = Object.fromEntries(
  Object.entries(PROJECTION_MODULES).map(([field, path]) => [path.split(".")[1]!, { field, path }]),
) as Record<LoraTarget, { field: keyof typeof PROJECTION_MODULES; path: string }>;

/** One adapted projection: A [r, in], B [out, r] (PEFT's lora_A / lora_B weights). */
export interface LoraPair {
  a: tf.Variable;
  b: tf.Variable;
}

/**
 * LoRA on a decoder's projections: y = x W^T + (alpha / r) dropout(x) A^T B^T, B starting at zero so a fresh adapter
 * leaves the model unchanged (PEFT's init; A ~ U(-1/sqrt(in), 1/sqrt(in)) from a seed). Dropout applies while
 * `training` is true only. Keys are `layers.{i}.self_attn.q_proj` etc.
 */
export class LoraAdapter implements ProjectionAdapter {
  readonly pairs = new Map<string, LoraPair>();
  training = false;
  private readonly random: SeededRandom;

  constructor(
    readonly settings: LoraSettings,
    pairs: Map<string, LoraPair>,
    seed = 0,
  ) {
    for (const [k, v] of pairs) this.pairs.set(k, v);
    this.random = new SeededRandom(seed);
  }

  get scale(): number {
    return this.settings.lora_alpha / this.settings.r;
  }

  /** A fresh adapter for `model` (B = 0), attached to it. */
  static create(model: DecoderModel, settings: LoraSettings, seed = 0): LoraAdapter {
    const random = new SeededRandom(seed);
    const pairs = new Map<string, LoraPair>();
    model.weights.layers.forEach((layer: DecoderLayerWeights, i) => {
      for (const target of settings.target_modules) {
        const { field, path } = moduleKey[target];
        const [out, inDim] = layer[field].shape;
        const bound = 1 / Math.sqrt(inDim);
        const a = Float32Array.from({ length: settings.r * inDim }, () => (2 * random.next() - 1) * bound);
        const key = `layers.${i}.${path}`;
        pairs.set(key, {
          a: tf.variable(tf.tensor2d(a, [settings.r, inDim]), true),
          b: tf.variable(tf.zeros([out, settings.r]), true),
        });
      }
    });
    const adapter = new LoraAdapter(settings, pairs, random.nextUint32());
    model.adapter = adapter;
    return adapter;
  }

  delta(x: tf.Tensor2D, key: string): tf.Tensor2D | null {
    const pair = this.pairs.get(key);
    if (pair === undefined) return null;
    let input = x;
    const p = this.settings.lora_dropout;
    if (this.training && p > 0) {
      const keep = Float32Array.from({ length: x.size }, () => (this.random.next() >= p ? 1 / (1 - p) : 0));
      input = tf.mul(x, tf.tensor2d(keep, x.shape));
    }
    const low = tf.matMul(input, pair.a, false, true);
    return tf.mul(tf.matMul(low, pair.b, false, true), this.scale) as tf.Tensor2D;
  }

  /**
   * A frozen copy of this adapter's current A and B (not trainable, own tensors, no dropout): the policy a run starts
   * RL from, kept as the KL reference while this adapter moves.
   */
  snapshot(): LoraAdapter {
    const frozen = (v: tf.Variable) => {
      const copy = v.clone();
      const out = tf.variable(copy, false);
      copy.dispose();
      return out;
    };
    const pairs = new Map<string, LoraPair>();
    for (const [k, pair] of this.pairs) pairs.set(k, { a: frozen(pair.a), b: frozen(pair.b) });
    return new LoraAdapter(this.settings, pairs);
  }

  variables(): Map<string, tf.Variable> {
    const out = new Map<string, tf.Variable>();
    for (const [k, pair] of this.pairs) {
      out.set(`${k}.A`, pair.a);
      out.set(`${k}.B`, pair.b);
    }
    return out;
  }

  dispose(): void {
    for (const pair of this.pairs.values()) {
      pair.a.dispose();
      pair.b.dispose();
    }
    this.pairs.clear();
  }
}

/**
 * A model with the adapter folded in: W + (alpha / r) B A for every adapted projection. Every tensor of the result
 * is its own copy, so the merged model and the base can be disposed independently.
 */
export function mergeLora(model: DecoderModel, adapter: LoraAdapter): DecoderModel {
  const w = model.weights;
  const copy = <T extends tf.Tensor>(t: T): T => tf.clone(t);
  const layers = w.layers.map((layer, i) => {
    const merged = Object.fromEntries(
      Object.entries(layer).map(([k, t]) => [k, t === null ? null : copy(t as tf.Tensor)]),
    ) as unknown as DecoderLayerWeights;
    for (const [field, path] of Object.entries(PROJECTION_MODULES) as [keyof typeof PROJECTION_MODULES, string][]) {
      const pair = adapter.pairs.get(`layers.${i}.${path}`);
      if (pair === undefined) continue;
      merged[field].dispose();
      merged[field] = tf.tidy(() => tf.add(layer[field], tf.mul(tf.matMul(pair.b, pair.a), adapter.scale)));
    }
    return merged;
  });
  const embed = copy(w.embed);
  const lmHead = w.lmHead === w.embed ? embed : copy(w.lmHead);
  return new DecoderModel(model.config, { embed, lmHead, finalNorm: copy(w.finalNorm), layers });
}
