import type { ScoreScratch } from "./score-scratch";

/**
 * The pmf of U(k) = sum_a w_a (r(k, a) - lo): point masses (and the zero ends of each cell's support)
 * only shift it; the rest are convolved between two scratch buffers. A running value at u lives at
 * buf[PAD + u]; the PAD = L - 1 slots in front stay 0, so the weight-1 gather reads below u = 0
 * without a bounds test. Typed arrays are read into locals so the loops see no closure loads.
 * Fills scratch.dist (and start, end) with P(U(k) = u) for every option k.
 */
export function sumScoreDistributions(pmf: Float64Array, scratch: ScoreScratch): void {
  const { K, M, L, U, PAD, dist: d, start, end, convA, convB, weights: wts } = scratch;
  for (let k = 0; k < K; k++) {
    let shift = 0;
    let cur = convA;
    let nxt = convB;
    let width = 0; // 0: no spread-out cell yet (the running distribution is the point mass at 0)
    for (let a = 0; a < M; a++) {
      const base = (k * M + a) * L;
      const w = wts[a] as number;
      let jlo = 0;
      while (jlo < L - 1 && (pmf[base + jlo] as number) === 0) jlo++;
      let jhi = L - 1;
      while (jhi > jlo && (pmf[base + jhi] as number) === 0) jhi--;
      shift += w * jlo;
      if (jhi === jlo) continue;
      const span = jhi - jlo;
      const from = base + jlo;
      if (width === 0) {
        // First spread-out cell: the running distribution is the stretched cell pmf itself.
        width = w * span + 1;
        if (w !== 1) cur.fill(0, PAD, PAD + width);
        for (let j = 0; j <= span; j++) cur[PAD + w * j] = pmf[from + j] as number;
        continue;
      }
      const newWidth = width + w * span;
      if (w === 1) {
        // Gather form, one store per output. The slots the gather reads past the support are zeroed.
        for (let i = PAD + width; i < PAD + newWidth; i++) cur[i] = 0;
        if (span === 4) {
          // Full support over 5 levels (the default L), unrolled.
          const p0 = pmf[from] as number;
          const p1 = pmf[from + 1] as number;
          const p2 = pmf[from + 2] as number;
          const p3 = pmf[from + 3] as number;
          const p4 = pmf[from + 4] as number;
          for (let i = PAD; i < PAD + newWidth; i++) {
            nxt[i] =
              (cur[i] as number) * p0 +
              (cur[i - 1] as number) * p1 +
              (cur[i - 2] as number) * p2 +
              (cur[i - 3] as number) * p3 +
              (cur[i - 4] as number) * p4;
          }
        } else {
          for (let i = PAD; i < PAD + newWidth; i++) {
            let acc = 0;
            for (let j = 0; j <= span; j++) acc += (cur[i - j] as number) * (pmf[from + j] as number);
            nxt[i] = acc;
          }
        }
      } else {
        // Scatter form: j = 0 assigns [0, width); the rest of the new support starts at 0 and accumulates.
        const p0 = pmf[from] as number;
        for (let i = PAD; i < PAD + width; i++) nxt[i] = (cur[i] as number) * p0;
        nxt.fill(0, PAD + width, PAD + newWidth);
        for (let j = 1; j <= span; j++) {
          const pj = pmf[from + j] as number;
          if (pj === 0) continue;
          const off = PAD + w * j;
          for (let u = 0; u < width; u++) nxt[off + u] = (nxt[off + u] as number) + (cur[PAD + u] as number) * pj;
        }
      }
      width = newWidth;
      const t = cur;
      cur = nxt;
      nxt = t;
    }
    const row = k * U;
    d.fill(0, row + (start[k] as number), row + (end[k] as number)); // keep rows 0 outside the support
    if (width === 0) {
      d[row + shift] = 1;
      start[k] = shift;
      end[k] = shift + 1;
      continue;
    }
    // The ends of the support are products of each cell's (positive) end probabilities; an underflow
    // to 0 there is harmless to the sweep.
    const at = row + shift - PAD;
    for (let i = PAD; i < PAD + width; i++) d[at + i] = cur[i] as number;
    start[k] = shift;
    end[k] = shift + width;
  }
}
