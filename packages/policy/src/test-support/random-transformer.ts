import fc from "fast-check";
import { Transformer } from "../tfjs/model/transformer";
import type { TransformerConfigInput } from "../tfjs/model/transformer-config";
import { SeededRandom } from "../tfjs/seeded-random";

/** A small model's shape and seed, as the bit-for-bit tests of the model's kernels draw them. */
export const randomModelConfig = fc.record({
  heads: fc.constantFrom(1, 2, 4),
  headWidth: fc.constantFrom(2, 4, 16),
  layers: fc.integer({ min: 1, max: 3 }),
  tokenShift: fc.boolean(),
  seed: fc.integer({ min: 0, max: 1000 }),
});
export type RandomModelConfig = { heads: number; headWidth: number; layers: number; tokenShift: boolean; seed: number };

/** The transformer config of `c`: width heads x headWidth, large initial weights (0.5) so every path is exercised. */
export function randomTransformerConfig(c: RandomModelConfig, context: number, vocabSize = 13): TransformerConfigInput {
  return {
    vocabSize,
    width: c.heads * c.headWidth,
    layers: c.layers,
    heads: c.heads,
    context,
    initScale: 0.5,
    tokenShift: c.tokenShift,
  };
}

/** A model of shape `c`, seeded by `c.seed`. */
export function randomTransformer(c: RandomModelConfig, context: number, vocabSize = 13): Transformer {
  return new Transformer(randomTransformerConfig(c, context, vocabSize), { seed: c.seed });
}

/** Gives `m` new weights, every value normal x 0.5 from `seed` (a weight change mid-test, which held copies must follow). */
export function setRandomWeights(m: Transformer, seed: number): void {
  const rng = new SeededRandom(seed);
  const weights = new Map<string, Float32Array>();
  for (const [name, v] of m.variables)
    weights.set(
      name,
      Float32Array.from({ length: v.size }, () => rng.normal() * 0.5),
    );
  m.setWeights(weights);
}
