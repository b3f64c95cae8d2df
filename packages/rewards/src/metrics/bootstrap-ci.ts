import { InvalidArgumentError } from "@cosir/bayes";
import { Rng } from "@cosir/env";

/** A point estimate with its 95% bootstrap confidence interval; nulls when nothing was eligible. */
export interface Estimate {
  value: number | null;
  ci95: [number, number] | null;
  /** Number of episodes resampled. */
  episodes: number;
  /** Sum of the denominators (eligible units), for ratio estimates; equals `episodes` for means. */
  eligible: number;
}

export interface BootstrapOptions {
  /** Seed of the resampling; the same seed gives the same interval. Default 0. */
  seed?: number | string;
  /** Number of bootstrap resamples. Default 1000. */
  resamples?: number;
}

/** The q-quantile of sorted values, interpolated linearly between neighbours (the percentile bootstrap's ends). */
export function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/**
 * Ratio estimate sum(numerators) / sum(denominators) over episodes with a seeded percentile bootstrap
 * (episodes resampled with replacement; resamples with a zero denominator are skipped). A mean is the
 * special case of denominators all 1.
 */
export function bootstrapCi(
  numerators: readonly number[],
  denominators: readonly number[] | null = null,
  opts: BootstrapOptions = {},
): Estimate {
  const n = numerators.length;
  if (denominators !== null && denominators.length !== n) {
    throw new InvalidArgumentError("denominators", denominators.length, `expected ${n} denominators`);
  }
  const resamples = opts.resamples ?? 1000;
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new InvalidArgumentError("resamples", resamples, "expected a positive integer");
  const den = (k: number): number => (denominators === null ? 1 : (denominators[k] as number));
  let totalNum = 0;
  let totalDen = 0;
  for (let k = 0; k < n; k++) {
    totalNum += numerators[k] as number;
    totalDen += den(k);
  }
  if (n === 0 || !(totalDen > 0)) return { value: null, ci95: null, episodes: n, eligible: totalDen };
  const rng = new Rng(opts.seed ?? 0);
  const stats: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let a = 0;
    let b = 0;
    for (let k = 0; k < n; k++) {
      const pick = rng.int(n);
      a += numerators[pick] as number;
      b += den(pick);
    }
    if (b > 0) stats.push(a / b);
  }
  const sorted = Float64Array.from(stats).sort();
  return {
    value: totalNum / totalDen,
    ci95: [quantile(sorted, 0.025), quantile(sorted, 0.975)],
    episodes: n,
    eligible: totalDen,
  };
}
