// Test-only oracle (not exported from index.ts): enumerates every joint assignment of the cells'
// levels, so it shares no code and no algebra with the convolution / survival-function models.
import type { Beliefs } from "../beliefs/beliefs";

export interface BruteForceResult {
  /** Unnormalised q(k): probability that answer k is the answer (unique max / total hits candidate k). */
  q: number[];
  /** sum_k q(k): probability of the conditioning event. */
  mass: number;
  /** P(y = k | E, event); uniform when mass = 0. */
  posterior: number[];
  degenerate: boolean;
  /** joint[c][j][k] = P(X_c = lo + j, y = k, event) (unnormalised by mass). */
  joint: number[][][];
}

/**
 * Walks every assignment of levels with positive probability (the product of the cell pmfs) and calls
 * `answerOf(levels)` with the assignment as level values; a return of -1 means "outside the event".
 */
function enumerate(beliefs: Beliefs, answers: number, answerOf: (levels: Int32Array) => number): BruteForceResult {
  const { cells, lo, levels: L, pmf } = beliefs;
  const support: number[][] = [];
  for (let c = 0; c < cells; c++) {
    const s: number[] = [];
    for (let j = 0; j < L; j++) if ((pmf[c * L + j] as number) > 0) s.push(j);
    support.push(s);
  }
  const q = new Array<number>(answers).fill(0);
  const joint = Array.from({ length: cells }, () =>
    Array.from({ length: L }, () => new Array<number>(answers).fill(0)),
  );
  const digit = new Int32Array(cells);
  const value = new Int32Array(cells);
  for (;;) {
    let p = 1;
    for (let c = 0; c < cells; c++) {
      const j = (support[c] as number[])[digit[c] as number] as number;
      value[c] = lo + j;
      p *= pmf[c * L + j] as number;
    }
    const k = answerOf(value);
    if (k >= 0) {
      q[k] = (q[k] as number) + p;
      for (let c = 0; c < cells; c++) {
        const row = (joint[c] as number[][])[(value[c] as number) - lo] as number[];
        row[k] = (row[k] as number) + p;
      }
    }
    let c = 0;
    while (c < cells) {
      digit[c] = (digit[c] as number) + 1;
      if ((digit[c] as number) < (support[c] as number[]).length) break;
      digit[c] = 0;
      c++;
    }
    if (c === cells) break;
  }
  const mass = q.reduce((a, b) => a + b, 0);
  const degenerate = !(mass > 0);
  const posterior = degenerate ? q.map(() => 1 / answers) : q.map((x) => x / mass);
  return { q, mass: degenerate ? 0 : mass, posterior, degenerate, joint };
}

export interface BruteForceArgmaxSpec {
  options: number;
  attributes: number;
  aggregate: "sum" | "min";
  weights?: readonly number[];
}

/** Argmax-of-score oracle: an assignment counts only if its maximum score is attained by one option. */
export function bruteForceArgmax(spec: BruteForceArgmaxSpec, beliefs: Beliefs): BruteForceResult {
  const { options: K, attributes: M, aggregate } = spec;
  const scores = new Float64Array(K);
  return enumerate(beliefs, K, (value) => {
    for (let k = 0; k < K; k++) {
      let u = aggregate === "sum" ? 0 : Infinity;
      for (let a = 0; a < M; a++) {
        const r = value[k * M + a] as number;
        if (aggregate === "sum") u += (spec.weights?.[a] ?? 1) * r;
        else u = Math.min(u, r);
      }
      scores[k] = u;
    }
    let best = -1;
    let top = -Infinity;
    let ties = 0;
    for (let k = 0; k < K; k++) {
      const u = scores[k] as number;
      if (u > top) {
        top = u;
        best = k;
        ties = 1;
      } else if (u === top) ties++;
    }
    return ties === 1 ? best : -1;
  });
}

export interface BruteForceTotalSpec {
  candidates: readonly number[];
  weights?: readonly number[];
}

/** Multiple-choice total oracle: an assignment counts when its weighted total equals a candidate. */
export function bruteForceTotal(spec: BruteForceTotalSpec, beliefs: Beliefs): BruteForceResult {
  return enumerate(beliefs, spec.candidates.length, (value) => {
    let total = 0;
    for (let i = 0; i < value.length; i++) total += (spec.weights?.[i] ?? 1) * (value[i] as number);
    return spec.candidates.indexOf(total);
  });
}

function entropyOf(p: readonly number[]): number {
  let h = 0;
  for (const x of p) if (x > 0) h -= x * Math.log(x);
  return h;
}

/** H(Y | E) - sum_v P(X_c = v | E, event) H(Y | E, X_c = v), all read off the same enumeration. */
export function bruteForceInformationGain(result: BruteForceResult, cell: number): number {
  if (result.degenerate) return 0;
  let expected = 0;
  for (const row of result.joint[cell] as number[][]) {
    const pv = row.reduce((a, b) => a + b, 0);
    if (!(pv > 0)) continue;
    expected += (pv / result.mass) * entropyOf(row.map((x) => x / pv));
  }
  return entropyOf(result.posterior) - expected;
}

/** P(X_c = lo + j | E, event), indexed by j. */
export function bruteForcePredictive(result: BruteForceResult, cell: number): number[] {
  return (result.joint[cell] as number[][]).map((row) => row.reduce((a, b) => a + b, 0) / result.mass);
}
