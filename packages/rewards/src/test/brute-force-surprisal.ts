import type { Task } from "@cosir/env";

/** One claim a listener heard: cell index and level, in order. */
export interface BruteClaim {
  cell: number;
  level: number;
}

/**
 * s = -ln max(P(correct | evidence), 1e-12) by enumerating every table of a small task (argmax of a weighted sum):
 * each cell's belief is a point mass on an own cell, else the prior times the noise channel's likelihood of each
 * claim heard about it (eps > 0). P(k) is the weight of the tables where k is the unique top option, over the weight
 * of the tables with a unique top. Independent of @cosir/bayes: a simpler oracle for the reward tests.
 */
export function bruteForceSurprisal(task: Task, agent: number, claims: readonly BruteClaim[]): number {
  const [lo, hi] = task.levels;
  const L = hi - lo + 1;
  const cells = task.options * task.attributes;
  const own = new Set(task.visibility[agent] ?? []);
  const beliefs: number[][] = [];
  for (let c = 0; c < cells; c++) {
    const o = Math.floor(c / task.attributes);
    const a = c % task.attributes;
    if (own.has(c)) {
      beliefs.push(Array.from({ length: L }, (_, x) => (x + lo === task.table[o]![a] ? 1 : 0)));
      continue;
    }
    const b = Array.from({ length: L }, (_, x) => task.prior?.[x] ?? 1);
    for (const claim of claims)
      if (claim.cell === c)
        for (let x = 0; x < L; x++) b[x]! *= x + lo === claim.level ? 1 - task.noise : task.noise / (L - 1);
    beliefs.push(b);
  }
  const weights = task.weights ?? Array.from({ length: task.attributes }, () => 1);
  const win = new Array<number>(task.options).fill(0);
  const levels = new Array<number>(cells).fill(0);
  const visit = (c: number, w: number): void => {
    if (w === 0) return;
    if (c === cells) {
      const scores = Array.from({ length: task.options }, (_, o) =>
        weights.reduce((s, wa, a) => s + wa * (levels[o * task.attributes + a] as number), 0),
      );
      const top = Math.max(...scores);
      if (scores.filter((s) => s === top).length === 1) win[scores.indexOf(top)]! += w;
      return;
    }
    for (let x = 0; x < L; x++) {
      levels[c] = x + lo;
      visit(c + 1, w * (beliefs[c]![x] as number));
    }
  };
  visit(0, 1);
  const mass = win.reduce((s, v) => s + v, 0);
  const p = mass === 0 ? 1 / task.options : (win[task.correct] as number) / mass;
  return -Math.log(Math.max(p, 1e-12));
}
