import { InvalidArgumentError } from "@cosir/bayes";
import { domainNames } from "../domains/domain-vocabularies";

/** Options every task family accepts: the seed and the size. Families add their own. */
export interface TaskGeneratorOptions {
  seed: number;
  options?: number;
  attributes?: number;
  agents?: number;
  domain?: string;
  rounds?: number;
  /** Inclusive integer level range; default [1, 5]. */
  levels?: readonly [number, number];
  /** Positive integer weights, one per attribute; when given they are announced to the agents. */
  weights?: readonly number[];
  /** Prior pmf over levels (length hi - lo + 1); default uniform. */
  prior?: readonly number[];
  /** Channel noise eps for claims; default 0.01. */
  noise?: number;
  /** Private choice before the discussion; default false. */
  preDiscussionChoice?: boolean;
}

/** A generator: same options => byte-identical task JSON. */
export type TaskGenerator = (options: TaskGeneratorOptions) => import("../task/task").Task;

export interface ResolvedSize {
  seed: number;
  options: number;
  attributes: number;
  agents: number;
  domain: string;
  rounds: number;
  levels: [number, number];
  weights: number[];
  weightsAnnounced: boolean;
  prior: number[];
  noise: number;
  preDiscussionChoice: boolean;
}

function checkInt(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(field, value, `expected an integer in ${min}..${max}`);
  }
  return value;
}

/** Validates generator options (errors name the field) and fills defaults. */
export function resolveTaskGeneratorOptions(
  o: TaskGeneratorOptions,
  defaults: { options?: number; attributes?: number; agents?: number; levels?: [number, number] } = {},
): ResolvedSize {
  if (o === null || typeof o !== "object") throw new InvalidArgumentError("options", o, "expected an options object");
  const seed = checkInt("seed", o.seed, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const options = checkInt("options", o.options ?? defaults.options ?? 3, 1, 26);
  const attributes = checkInt("attributes", o.attributes ?? defaults.attributes ?? 4, 1, 10);
  const agents = checkInt("agents", o.agents ?? defaults.agents ?? 3, 1, 16);
  const rounds = checkInt("rounds", o.rounds ?? 2, 0, 64);
  const domain = o.domain ?? "restaurants";
  if (!(domainNames as readonly string[]).includes(domain))
    throw new InvalidArgumentError("domain", domain, `expected one of ${domainNames.join(", ")}`);
  const levels = o.levels ?? defaults.levels ?? [1, 5];
  if (!Array.isArray(levels) || levels.length !== 2)
    throw new InvalidArgumentError("levels", levels, "expected [lo, hi]");
  const lo = checkInt("levels[0]", levels[0], -1000, 1000);
  const hi = checkInt("levels[1]", levels[1], -1000, 1000);
  if (hi <= lo) throw new InvalidArgumentError("levels", levels, "expected lo < hi");
  if (hi - lo > 99) throw new InvalidArgumentError("levels", levels, "expected at most 100 levels");
  let weights: number[];
  if (o.weights === undefined) weights = new Array<number>(attributes).fill(1);
  else {
    if (!Array.isArray(o.weights) || o.weights.length !== attributes)
      throw new InvalidArgumentError("weights", o.weights, `expected ${attributes} integers`);
    weights = o.weights.map((w, a) => checkInt(`weights[${a}]`, w, 1, 1000));
  }
  const L = hi - lo + 1;
  let prior: number[];
  if (o.prior === undefined) prior = new Array<number>(L).fill(1 / L);
  else {
    if (!Array.isArray(o.prior) || o.prior.length !== L)
      throw new InvalidArgumentError("prior", o.prior, `expected ${L} numbers`);
    o.prior.forEach((p, i) => {
      if (typeof p !== "number" || !Number.isFinite(p) || p < 0)
        throw new InvalidArgumentError(`prior[${i}]`, p, "expected a finite number >= 0");
    });
    if (!(o.prior.reduce((s, p) => s + p, 0) > 0))
      throw new InvalidArgumentError("prior", o.prior, "expected a positive total");
    prior = [...o.prior];
  }
  const noise = o.noise ?? 0.01;
  if (typeof noise !== "number" || !(noise >= 0 && noise <= 0.5))
    throw new InvalidArgumentError("noise", noise, "expected a number in [0, 0.5]");
  const preDiscussionChoice = o.preDiscussionChoice ?? false;
  if (typeof preDiscussionChoice !== "boolean")
    throw new InvalidArgumentError("preDiscussionChoice", preDiscussionChoice, "expected a boolean");
  return {
    seed,
    options,
    attributes,
    agents,
    domain,
    rounds,
    levels: [lo, hi],
    weights,
    weightsAnnounced: o.weights !== undefined,
    prior,
    noise,
    preDiscussionChoice,
  };
}
