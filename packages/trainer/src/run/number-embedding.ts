import { InvalidArgumentError } from "@cosir/bayes";
import type { PolicyModel } from "./policy-model";

/** The periods (in units) of the Fourier features: units digits and small steps first, then magnitude. */
export const NUMBER_PERIODS: readonly number[] = [2, 3, 4, 5, 7, 10, 20, 50, 100, 200];

/**
 * Fourier features of the integer `n`: for each period T, (a cos(2 pi n / T), a sin(2 pi n / T)), with `a` chosen so
 * the whole vector has norm `norm`. Adding k to n turns each pair by the same angle, whatever n is: a shift that one
 * linear map performs, so a model can add and compare numbers by rotating instead of memorising every pair.
 */
export function numberFeatures(n: number, norm: number, periods: readonly number[] = NUMBER_PERIODS): number[] {
  const a = norm / Math.sqrt(periods.length);
  return periods.flatMap((T) => [a * Math.cos((2 * Math.PI * n) / T), a * Math.sin((2 * Math.PI * n) / T)]);
}

/**
 * Initialises the embedding rows of the number words 0..maxNumber (the tokenizer's integers) with numberFeatures in
 * their first 2 x periods coordinates, the other coordinates kept as drawn (`pretrain.numberEmbedding: "fourier"`).
 * Random init gives every number an unrelated row, and a trained base still tells n from n+1 barely better than from
 * n+5 (cosine 0.62-0.72 against 0.58-0.69 in the shapes bases): its tallies are 3-9 points off. The embedding is
 * tied to the output layer, so the same structure shapes which numbers the model writes. Returns how many rows were
 * set. Throws when the width cannot hold the features or a number is not one word.
 */
export async function initNumberEmbedding(pm: PolicyModel, maxNumber: number, norm = 1): Promise<number> {
  const dims = 2 * NUMBER_PERIODS.length;
  const width = pm.model.config.width;
  if (width < dims)
    throw new InvalidArgumentError("model.width", width, `expected at least ${dims} for the number features`);
  const weights = await pm.model.readWeights();
  const table = (weights.get("tok_emb.weight") as Float32Array).slice();
  let rows = 0;
  for (let n = 0; n <= maxNumber; n++) {
    const ids = pm.tokenizer.encode(String(n));
    if (ids.length !== 1) throw new InvalidArgumentError("number", n, "expected a single vocabulary word");
    table.set(numberFeatures(n, norm), (ids[0] as number) * width);
    rows++;
  }
  weights.set("tok_emb.weight", table);
  pm.model.setWeights(weights);
  return rows;
}
