import { checkComputeBudget } from "../budget/check-compute-budget";
import { InvalidArgumentError } from "../errors/cosir-error";
import type { Beliefs } from "../beliefs/beliefs";
import type { DecisionModel, PosteriorResult } from "../models/decision-model";

/** Probabilities below this are floored before taking -log, so surprisal stays finite (docs/design.md §1). */
export const SURPRISAL_FLOOR = 1e-12;

/** Surprisal in nats of the correct answer under a posterior pmf: -log max(P(correct), SURPRISAL_FLOOR). */
export function surprisal(pmf: ArrayLike<number>, correct: number): number {
  if (!Number.isInteger(correct) || correct < 0 || correct >= pmf.length) {
    throw new InvalidArgumentError("correct", correct, `expected an integer in 0..${pmf.length - 1}`);
  }
  const p = pmf[correct] as number;
  // 0 - log, not -log: P = 1 gives +0 rather than -0.
  return 0 - Math.log(p > SURPRISAL_FLOOR ? p : SURPRISAL_FLOOR);
}

/** Shannon entropy in nats. */
export function entropy(pmf: ArrayLike<number>): number {
  let h = 0;
  for (let i = 0; i < pmf.length; i++) {
    const p = pmf[i] as number;
    if (p > 0) h -= p * Math.log(p);
  }
  return h;
}

/** Index of the largest probability; the lowest index on ties. */
export function mapAnswer(pmf: ArrayLike<number>): number {
  let best = 0;
  for (let i = 1; i < pmf.length; i++) if ((pmf[i] as number) > (pmf[best] as number)) best = i;
  return best;
}

/** Surprisal of one agent's evidence: s_i = -log P(y | E_i) (docs/design.md §1). */
export function agentSurprisal(model: DecisionModel, beliefs: Beliefs, correct: number): number {
  return surprisal(model.posterior(beliefs).pmf, correct);
}

/** Team surprisal S = sum_i s_i (docs/design.md §1). */
export function teamSurprisal(model: DecisionModel, beliefsPerAgent: readonly Beliefs[], correct: number): number {
  let s = 0;
  for (const beliefs of beliefsPerAgent) s += agentSurprisal(model, beliefs, correct);
  return s;
}

function checkCell(beliefs: Beliefs, cell: number): void {
  if (!Number.isInteger(cell) || cell < 0 || cell >= beliefs.cells) {
    throw new InvalidArgumentError("cell", cell, `expected an integer in 0..${beliefs.cells - 1}`);
  }
}

/** Number of levels of `cell` with positive belief (1 for an observation or a hard claim). */
function supportSize(beliefs: Beliefs, cell: number): number {
  const L = beliefs.levels;
  const base = cell * L;
  let n = 0;
  for (let j = 0; j < L; j++) if ((beliefs.pmf[base + j] as number) > 0) n++;
  return n;
}

/**
 * Calls `fn(j, w, after)` for every level index j of `cell` with positive belief w, where `after` is
 * the posterior with the cell set to a point mass at that level (written into `scratch`). The cell's
 * pmf is restored afterwards, also when `fn` throws.
 */
function forEachLevel(
  model: DecisionModel,
  beliefs: Beliefs,
  cell: number,
  scratch: Float64Array,
  fn: (j: number, w: number, after: PosteriorResult) => void,
): void {
  const L = beliefs.levels;
  const base = cell * L;
  const pmf = beliefs.pmf;
  const saved = pmf.slice(base, base + L);
  try {
    for (let j = 0; j < L; j++) {
      const w = saved[j] as number;
      if (!(w > 0)) continue;
      pmf.fill(0, base, base + L);
      pmf[base + j] = 1;
      fn(j, w, model.posterior(beliefs, scratch));
    }
  } finally {
    pmf.set(saved, base);
  }
}

/**
 * Predictive P(X_c = v | E) under the model's conditioning (docs/design.md §1):
 * pmf_c(v) * mass(E, X_c = v) / mass(E). Indexed by v - lo. Falls back to the cell pmf when
 * the evidence is degenerate. `beliefs` is restored.
 */
export function predictive(model: DecisionModel, beliefs: Beliefs, cell: number): Float64Array {
  checkCell(beliefs, cell);
  const L = beliefs.levels;
  const base = cell * L;
  const out = new Float64Array(L);
  const scratch = new Float64Array(model.answers);
  if (model.posterior(beliefs, scratch).degenerate) {
    out.set(beliefs.pmf.subarray(base, base + L));
    return out;
  }
  let total = 0;
  forEachLevel(model, beliefs, cell, scratch, (j, w, after) => {
    const joint = w * after.mass;
    out[j] = joint;
    total += joint;
  });
  // sum_v pmf_c(v) mass(E, X_c = v) = mass(E); normalising by the sum rather than by mass(E) keeps the
  // result a pmf when the masses are subnormal and carry few digits.
  if (!(total > 0)) {
    out.set(beliefs.pmf.subarray(base, base + L));
    return out;
  }
  for (let j = 0; j < L; j++) out[j] = (out[j] as number) / total;
  return out;
}

/**
 * Expected information gain of learning cell c (docs/design.md §1):
 * I(Y; X_c | E) = H(Y | E) - sum_v P(X_c = v | E) H(Y | E, X_c = v), with the predictive under the
 * same conditioning. 0 for degenerate evidence and for a point-mass cell (nothing left to learn, so
 * no posterior is computed). `beliefs` is restored. With `options.budget`, a gain whose estimated work
 * ((support + 1) x model.cost, docs/design.md §7.1) exceeds it is refused with a BudgetExceededError
 * before any posterior; without it (trusted in-process callers) nothing is checked.
 */
export function expectedInformationGain(
  model: DecisionModel,
  beliefs: Beliefs,
  cell: number,
  options: { budget?: number } = {},
): number {
  checkCell(beliefs, cell);
  const support = supportSize(beliefs, cell);
  if (options.budget !== undefined)
    checkComputeBudget("cell", (support + 1) * (model.cost ?? 0), options.budget, "this information gain");
  if (support <= 1) return 0;
  const scratch = new Float64Array(model.answers);
  const before = model.posterior(beliefs, scratch);
  if (before.degenerate) return 0;
  const h = entropy(before.pmf);
  // The predictive weights pmf_c(v) mass(E, X_c = v), normalised by their sum (see `predictive`).
  let total = 0;
  let weighted = 0;
  forEachLevel(model, beliefs, cell, scratch, (_j, w, after) => {
    const joint = w * after.mass;
    if (joint > 0) {
      total += joint;
      weighted += joint * entropy(after.pmf);
    }
  });
  if (!(total > 0)) return 0;
  const gain = h - weighted / total;
  // Only rounding can make it negative (the gain is a mutual information); never report -1e-17.
  return gain > 0 ? gain : 0;
}
