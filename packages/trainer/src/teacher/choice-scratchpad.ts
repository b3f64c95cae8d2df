import type { Beliefs } from "@cosir/bayes";
import type { PublicTask } from "@cosir/env";

/** Largest value a scratchpad entry takes: every entry is an integer word 0..100 of the canonical vocabulary. */
export const SCRATCHPAD_MAX = 100;

/**
 * What each cell is worth to the scratchpad: a level that holds more than half the mass (the agent's own observation
 * or a teammate's claim) is known and counts as a point; any other cell counts as the prior.
 */
function cellLevel(beliefs: Beliefs, cell: number): number | null {
  const base = cell * beliefs.levels;
  let best = 0;
  let mode = 0;
  for (let j = 0; j < beliefs.levels; j++) {
    const p = beliefs.pmf[base + j] as number;
    if (p > best) {
      best = p;
      mode = j;
    }
  }
  return best > 0.5 ? beliefs.lo + mode : null;
}

function normalisedPrior(task: PublicTask): number[] {
  const total = task.prior.reduce((s, p) => s + p, 0);
  return task.prior.map((p) => p / total);
}

/** E[min] of independent cells, each a known level or the prior: sum over t > lo of prod P(X >= t). */
function expectedMin(known: readonly (number | null)[], prior: readonly number[], lo: number): number {
  let e = lo;
  for (let j = 1; j < prior.length; j++) {
    const t = lo + j;
    let all = 1;
    let tailPrior = 0;
    for (let i = j; i < prior.length; i++) tailPrior += prior[i] as number;
    for (const level of known) all *= level === null ? tailPrior : level >= t ? 1 : 0;
    e += all;
  }
  return e;
}

const scaled = (value: number, range: number): number =>
  Math.min(SCRATCHPAD_MAX, Math.max(0, Math.round((SCRATCHPAD_MAX * value) / range)));

/**
 * The choice scratchpad of the shapes base (docs/design.md §2.4; written `TALLY o0 <n> o1 <n> ... CHOOSE o<k>`): one
 * integer per answer in 0..100, a percentage of the range the answer's score can take, so every value is a word of
 * the canonical vocabulary whatever the table's size, levels or weights (the demo's tally, choiceTally, counts
 * quarter points and passes 100 on weighted and big tables). Each entry looks only at its own option's cells, the
 * local sum that lets a small model tally before it chooses:
 * - argmax of a (weighted) sum: sum over attributes of w * (level - lo), an unknown cell counting its prior mean plus
 *   a sixteenth of the level range (a quarter point on 1..5: choiceTally's tie-break towards more unknown cells),
 *   over (hi - lo) * sum(w);
 * - argmax of a min: E[min - lo] with the cells independent (known levels as points, unknown cells as the prior),
 *   over hi - lo, so an option with fewer unknown cells scores higher, as the posterior favours;
 * - a total decision: for each candidate, 100 minus its distance from the expected total (known cells plus prior
 *   means, weighted), as a percentage of the range the total can take; the nearest candidate scores highest.
 * Values are rounded to whole percents and clamped to 0..100; the teacher chooses the largest, lowest index among
 * ties (a rule the model can see).
 */
export function choiceScratchpad(task: PublicTask, beliefs: Beliefs): number[] {
  const { options: K, attributes: M, weights } = task;
  const [lo, hi] = task.levels;
  const prior = normalisedPrior(task);
  const priorMean = prior.reduce((s, p, j) => s + p * (lo + j), 0);
  const wSum = weights.reduce((s, w) => s + w, 0);
  const tieBreak = (hi - lo) / 16;
  const levels = (k: number) => Array.from({ length: M }, (_, m) => cellLevel(beliefs, k * M + m));
  if (task.decision.kind === "total") {
    let total = 0;
    for (let k = 0; k < K; k++)
      levels(k).forEach((level, m) => {
        total += (weights[m] ?? 1) * (level ?? priorMean);
      });
    const range = (hi - lo) * K * wSum;
    return task.decision.candidates.map((c) => SCRATCHPAD_MAX - scaled(Math.abs(c - total), range));
  }
  const out: number[] = [];
  for (let k = 0; k < K; k++) {
    const row = levels(k);
    if (task.aggregate === "min") out.push(scaled(expectedMin(row, prior, lo) - lo, hi - lo));
    else {
      let s = 0;
      row.forEach((level, m) => {
        s += (weights[m] ?? 1) * (level === null ? priorMean - lo + tieBreak : level - lo);
      });
      out.push(scaled(s, (hi - lo) * wSum));
    }
  }
  return out;
}

/** The answer a scratchpad chooses: its largest value, the lowest index among ties. */
export function scratchpadArgmax(values: readonly number[]): number {
  let best = 0;
  for (let k = 1; k < values.length; k++) if ((values[k] as number) > (values[best] as number)) best = k;
  return best;
}

/**
 * How a total decision's scratchpad is written (`sft.totalScratchpad`): "distance", choiceScratchpad's one value per
 * candidate (100 minus its distance from the expected total, in percents of the total's range); "running", the
 * expected total added up one option's row at a time (runningTotal), then the candidate nearest the last value.
 */
export type TotalScratchpad = "distance" | "running";

/** A choice scratchpad: the values a teacher writes for some evidence, and the answer those values choose. */
export interface ChoiceScratchpad {
  values(task: PublicTask, beliefs: Beliefs): number[];
  /** The answer written values choose (they may be a model's, so any integers of the right length). */
  answer(task: PublicTask, values: readonly number[]): number;
}

/**
 * The running form of a total decision's scratchpad: one value per OPTION (not per candidate), the expected total of
 * the rows up to and including it in whole points (sum over those rows' cells of w * the known level, or the prior
 * mean for an unknown cell), rounded and clamped to 0..100. Each value is the one before plus one row's sum, so a
 * model only ever adds a row to the number it just wrote, and the last value is the expected total itself. Null
 * where the task is not a total decision.
 */
export function runningTotal(task: PublicTask, beliefs: Beliefs): number[] | null {
  if (task.decision.kind !== "total") return null;
  const { options: K, attributes: M, weights } = task;
  const [lo] = task.levels;
  const prior = normalisedPrior(task);
  const priorMean = prior.reduce((s, p, j) => s + p * (lo + j), 0);
  const out: number[] = [];
  let total = 0;
  for (let k = 0; k < K; k++) {
    for (let m = 0; m < M; m++) total += (weights[m] ?? 1) * (cellLevel(beliefs, k * M + m) ?? priorMean);
    out.push(Math.min(SCRATCHPAD_MAX, Math.max(0, Math.round(total))));
  }
  return out;
}

/** The candidate nearest `total`, the lowest index among ties. */
export function nearestCandidate(candidates: readonly number[], total: number): number {
  let best = 0;
  for (let c = 1; c < candidates.length; c++)
    if (Math.abs((candidates[c] as number) - total) < Math.abs((candidates[best] as number) - total)) best = c;
  return best;
}

/**
 * The scratchpad of a shapes base: choiceScratchpad and its argmax, except that with `total: "running"` a total
 * decision writes runningTotal and chooses the candidate nearest its last value. The "distance" form is the one the
 * committed shapes base was taught.
 */
export function scratchpadFor(total: TotalScratchpad = "distance"): ChoiceScratchpad {
  if (total === "distance") return { values: choiceScratchpad, answer: (_task, values) => scratchpadArgmax(values) };
  return {
    values: (task, beliefs) => runningTotal(task, beliefs) ?? choiceScratchpad(task, beliefs),
    answer: (task, values) =>
      task.decision.kind === "total"
        ? nearestCandidate(task.decision.candidates, values.at(-1) ?? 0)
        : scratchpadArgmax(values),
  };
}
