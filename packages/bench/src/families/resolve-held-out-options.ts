import { InvalidArgumentError } from "@cosir/bayes";
import { resolveTaskGeneratorOptions, type ResolvedSize, type TaskGeneratorOptions, hashSeed, Rng } from "@cosir/env";

export interface HeldOutDefaults {
  options: number;
  attributes: number;
  agents: number;
  rounds: number;
  levels?: [number, number];
  /** Vocabularies the family draws from (by seed) when no domain is given. */
  domains: readonly string[];
  /** When set, the family only works on this level range; other `levels` are rejected. */
  fixedLevels?: [number, number];
}

/**
 * Options of a held-out family: defaults filled, the domain drawn from the family's vocabularies by
 * seed, the pre-discussion choice on by default (benchmarks report pre- vs post-discussion accuracy),
 * and the family's RNG, a function of (family, seed) only.
 */
export function resolveHeldOutOptions(
  family: string,
  o: TaskGeneratorOptions,
  defaults: HeldOutDefaults,
): { size: ResolvedSize; rng: Rng } {
  if (o === null || typeof o !== "object") throw new InvalidArgumentError("options", o, "expected an options object");
  if (defaults.fixedLevels !== undefined && o.levels !== undefined) {
    const [lo, hi] = defaults.fixedLevels;
    if (!Array.isArray(o.levels) || o.levels[0] !== lo || o.levels[1] !== hi) {
      throw new InvalidArgumentError("levels", o.levels, `expected [${lo}, ${hi}] for family ${family}`);
    }
  }
  const rng = new Rng(hashSeed(family, typeof o.seed === "number" ? o.seed : String(o.seed)));
  const domain = o.domain ?? rng.fork("domain").pick(defaults.domains);
  const size = resolveTaskGeneratorOptions(
    {
      rounds: defaults.rounds,
      preDiscussionChoice: true,
      ...o,
      domain,
      ...(defaults.fixedLevels !== undefined ? { levels: defaults.fixedLevels } : {}),
    },
    {
      options: defaults.options,
      attributes: defaults.attributes,
      agents: defaults.agents,
      levels: defaults.fixedLevels ?? defaults.levels ?? [1, 5],
    },
  );
  return { size, rng };
}

/**
 * The resolved size as options for a base generator (randomTask, hiddenProfileTask), seeded from
 * (family, seed) so a held-out family never shares a table with the base family's same seed.
 */
export function baseGeneratorOptions(family: string, size: ResolvedSize): TaskGeneratorOptions {
  return {
    seed: hashSeed(family, size.seed),
    options: size.options,
    attributes: size.attributes,
    agents: size.agents,
    domain: size.domain,
    rounds: size.rounds,
    levels: size.levels,
    ...(size.weightsAnnounced ? { weights: size.weights } : {}),
    prior: size.prior,
    noise: size.noise,
    preDiscussionChoice: size.preDiscussionChoice,
  };
}
