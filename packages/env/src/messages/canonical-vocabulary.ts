import { InvalidArgumentError } from "@cosir/bayes";
import { CANONICAL_KEYWORDS } from "./canonical-keywords";

export interface CanonicalVocabularyOptions {
  /** Largest option (answer) count: words o0..o{maxOptions-1}. Default 26. */
  maxOptions?: number;
  /** Words a0..a{maxAttributes-1}. Default 10. */
  maxAttributes?: number;
  /** Words @0.. and A0.. up to maxAgents-1, and counts up to maxAgents. Default 16. */
  maxAgents?: number;
  /** Integers minNumber..maxNumber (levels, weights, round numbers, totals). Defaults 0 and 64. */
  minNumber?: number;
  maxNumber?: number;
}

/**
 * Every word the canonical surface can produce (messages, choices and observation text) for tasks
 * within the given bounds, in a fixed order: keywords, o<k>, a<m>, @<i>, A<i>, integers. Integers
 * cover minNumber..maxNumber and also 0..max(maxOptions, maxAttributes, maxAgents) for counts; levels,
 * weights, rounds and totals outside minNumber..maxNumber would fall outside the vocabulary.
 */
export function canonicalVocabulary(opts: CanonicalVocabularyOptions = {}): string[] {
  const check = (field: string, v: number, min: number, max: number): number => {
    if (!Number.isInteger(v) || v < min || v > max)
      throw new InvalidArgumentError(field, v, `expected an integer in ${min}..${max}`);
    return v;
  };
  const maxOptions = check("maxOptions", opts.maxOptions ?? 26, 1, 10_000);
  const maxAttributes = check("maxAttributes", opts.maxAttributes ?? 10, 1, 10_000);
  const maxAgents = check("maxAgents", opts.maxAgents ?? 16, 1, 10_000);
  const minNumber = check("minNumber", opts.minNumber ?? 0, -1_000_000, 1_000_000);
  const maxNumber = check("maxNumber", opts.maxNumber ?? 64, minNumber, 1_000_000);
  if (maxNumber - minNumber > 100_000)
    throw new InvalidArgumentError("maxNumber", maxNumber, "expected at most 100000 integers");
  const words: string[] = [...CANONICAL_KEYWORDS];
  for (let k = 0; k < maxOptions; k++) words.push(`o${k}`);
  for (let m = 0; m < maxAttributes; m++) words.push(`a${m}`);
  for (let i = 0; i < maxAgents; i++) words.push(`@${i}`);
  for (let i = 0; i < maxAgents; i++) words.push(`A${i}`);
  const lo = Math.min(minNumber, 0);
  const hi = Math.max(maxNumber, maxOptions, maxAttributes, maxAgents);
  for (let n = lo; n <= hi; n++)
    if ((n >= minNumber && n <= maxNumber) || (n >= 0 && n <= Math.max(maxOptions, maxAttributes, maxAgents)))
      words.push(String(n));
  return words;
}
