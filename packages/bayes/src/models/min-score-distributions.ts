import type { ScoreScratch } from "./score-scratch";

/**
 * The pmf of min_a r(k, a), one attribute at a time without subtracting survival functions (which
 * loses every probability below the rounding of 1): P(min(X, Y) = v) = p_X(v) S_Y(v) + S_X(v + 1) p_Y(v).
 * Fills scratch.dist (and start, end) with P(U(k) = u) for every option k.
 */
export function minScoreDistributions(pmf: Float64Array, scratch: ScoreScratch): void {
  const { K, M, L, U, dist, start, end } = scratch;
  for (let k = 0; k < K; k++) {
    const row = k * U;
    const first = k * M * L;
    for (let v = 0; v < L; v++) dist[row + v] = pmf[first + v] as number;
    for (let a = 1; a < M; a++) {
      const base = (k * M + a) * L;
      // Downwards over v: above = P(running min > v) and cellSurvival = P(r(k, a) >= v), both sums of
      // non-negative terms.
      let above = 0;
      let cellSurvival = 0;
      for (let v = L - 1; v >= 0; v--) {
        const p = pmf[base + v] as number;
        cellSurvival += p;
        const old = dist[row + v] as number;
        dist[row + v] = old * (cellSurvival > 1 ? 1 : cellSurvival) + above * p;
        above += old;
      }
    }
    let s = 0;
    while (s < L - 1 && (dist[row + s] as number) === 0) s++;
    let e = L;
    while (e > s + 1 && (dist[row + e - 1] as number) === 0) e--;
    start[k] = s;
    end[k] = e;
  }
}
