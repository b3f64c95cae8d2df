import { InvalidArgumentError } from "../errors/cosir-error";
import type { Beliefs } from "../beliefs/beliefs";
import type { DecisionModel } from "../models/decision-model";

/** Probabilities below this are floored before taking -log, so surprisal stays finite (DESIGN.md §1). */
export const SURPRISAL_FLOOR = 1e-12;

/** Surprisal in nats of the correct answer under a posterior pmf: -log max(P(correct), SURPRISAL_FLOOR). */
export function surprisal(pmf: ArrayLike<number>, correct: number): number {
  if (!Number.isInteger(correct) || correct < 0 || correct >= pmf.length) {
    throw new InvalidArgumentError("correct", correct, `expected an integer in 0..${pmf.length - 1}`);
  }
  const p = pmf[correct] as number;
  return -Math.log(p > SURPRISAL_FLOOR ? p : SURPRISAL_FLOOR);
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

/** Surprisal of one agent's evidence: s_i = -log P(y | E_i) (DESIGN.md §1). */
export function agentSurprisal(model: DecisionModel, beliefs: Beliefs, correct: number): number {
  return surprisal(model.posterior(beliefs).pmf, correct);
}

/** Team surprisal S = sum_i s_i (DESIGN.md §1). */
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

/**
 * Runs `fn` once per level v of `cell` that has positive belief, with the cell set to a point mass
 * at v; restores the cell afterwards. `fn` gets v's index and its prior weight pmf_c(v).
 */
function forEachLevel(beliefs: Beliefs, cell: number, fn: (j: number, weight: number) => void): void {
  const L = beliefs.levels;
  const base = cell * L;
  const saved = beliefs.pmf.slice(base, base + L);
  try {
    for (let j = 0; j < L; j++) {
      const w = saved[j] as number;
      if (!(w > 0)) continue;
      beliefs.pmf.fill(0, base, base + L);
      beliefs.pmf[base + j] = 1;
      fn(j, w);
    }
  } finally {
    beliefs.pmf.set(saved, base);
  }
}

/**
 * Predictive P(X_c = v | E) under the model's conditioning (DESIGN.md §1):
 * pmf_c(v) * mass(E, X_c = v) / mass(E). Indexed by v - lo. Falls back to the cell pmf when
 * the evidence is degenerate.
 */
export function predictive(model: DecisionModel, beliefs: Beliefs, cell: number): Float64Array {
  checkCell(beliefs, cell);
  const out = new Float64Array(beliefs.levels);
  const base = model.posterior(beliefs);
  if (base.degenerate) {
    out.set(beliefs.pmf.subarray(cell * beliefs.levels, (cell + 1) * beliefs.levels));
    return out;
  }
  forEachLevel(beliefs, cell, (j, w) => {
    out[j] = (w * model.posterior(beliefs).mass) / base.mass;
  });
  return out;
}

/**
 * Expected information gain of learning cell c (DESIGN.md §1):
 * I(Y; X_c | E) = H(Y | E) - sum_v P(X_c = v | E) H(Y | E, X_c = v), with the predictive under the
 * same conditioning. 0 for degenerate evidence and for a point-mass cell. `beliefs` is restored.
 */
export function expectedInformationGain(model: DecisionModel, beliefs: Beliefs, cell: number): number {
  checkCell(beliefs, cell);
  const base = model.posterior(beliefs);
  if (base.degenerate) return 0;
  const h = entropy(base.pmf);
  const scratch = new Float64Array(model.answers);
  let expected = 0;
  forEachLevel(beliefs, cell, (_j, w) => {
    const after = model.posterior(beliefs, scratch);
    const weight = (w * after.mass) / base.mass;
    if (weight > 0) expected += weight * entropy(after.pmf);
  });
  const gain = h - expected;
  // Only rounding can make it negative (the gain is a mutual information); never report -1e-17.
  return gain > 0 ? gain : 0;
}
