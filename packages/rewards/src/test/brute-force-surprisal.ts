import type { Task } from "@cosir/env";

/** One claim a listener heard: cell index and level, in order. */
export interface BruteClaim {
  cell: number;
  level: number;
}

/**
 * Each cell's belief over its levels, unnormalised: a point mass on an own cell, else the prior times the noise
 * channel's likelihood of each claim heard about it (eps > 0).
 */
function bruteBeliefs(task: Task, agent: number, claims: readonly BruteClaim[]): number[][] {
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
  return beliefs;
}

/**
 * wins[x][k]: the weight of the tables (argmax of a weighted sum, every table of a small task enumerated) where
 * `cell` is at level lo + x and option k is the unique top; one row (x = 0) for every table when cell is -1.
 */
function bruteWins(task: Task, agent: number, claims: readonly BruteClaim[], cell: number): number[][] {
  const [lo, hi] = task.levels;
  const L = hi - lo + 1;
  const cells = task.options * task.attributes;
  const beliefs = bruteBeliefs(task, agent, claims);
  const weights = task.weights ?? Array.from({ length: task.attributes }, () => 1);
  const wins = Array.from({ length: cell < 0 ? 1 : L }, () => new Array<number>(task.options).fill(0));
  const levels = new Array<number>(cells).fill(0);
  const visit = (c: number, w: number): void => {
    if (w === 0) return;
    if (c === cells) {
      const scores = Array.from({ length: task.options }, (_, o) =>
        weights.reduce((s, wa, a) => s + wa * (levels[o * task.attributes + a] as number), 0),
      );
      const top = Math.max(...scores);
      const row = wins[cell < 0 ? 0 : (levels[cell] as number) - lo] as number[];
      if (scores.filter((s) => s === top).length === 1) row[scores.indexOf(top)]! += w;
      return;
    }
    for (let x = 0; x < L; x++) {
      levels[c] = x + lo;
      visit(c + 1, w * (beliefs[c]![x] as number));
    }
  };
  visit(0, 1);
  return wins;
}

const sum = (xs: readonly number[]): number => xs.reduce((s, v) => s + v, 0);
const entropyOf = (p: readonly number[]): number => p.reduce((h, x) => (x > 0 ? h - x * Math.log(x) : h), 0);

/**
 * P(option | evidence) by enumerating every table of a small task: the weight of the tables where k is the unique
 * top, over the weight of the tables with a unique top (uniform when none has one). Independent of @cosir/bayes.
 */
export function bruteForcePosterior(task: Task, agent: number, claims: readonly BruteClaim[]): number[] {
  const win = bruteWins(task, agent, claims, -1)[0] as number[];
  const mass = sum(win);
  return win.map((v) => (mass === 0 ? 1 / task.options : v / mass));
}

/** s = -ln max(P(correct | evidence), 1e-12), the posterior by enumeration (bruteForcePosterior). */
export function bruteForceSurprisal(task: Task, agent: number, claims: readonly BruteClaim[]): number {
  const p = bruteForcePosterior(task, agent, claims)[task.correct] as number;
  return -Math.log(Math.max(p, 1e-12));
}

/**
 * The expected information gain of `cell` about the top option, by the same enumeration: H(Y | E) minus the
 * expected entropy of Y given the cell's level, each level weighted by its share of the tables with a unique top.
 * 0 when no table has a unique top.
 */
export function bruteForceInformationGain(
  task: Task,
  agent: number,
  claims: readonly BruteClaim[],
  cell: number,
): number {
  const wins = bruteWins(task, agent, claims, cell);
  const total = wins.map(sum);
  const mass = sum(total);
  if (!(mass > 0)) return 0;
  const prior = wins.reduce(
    (acc, row) => acc.map((v, k) => v + (row[k] as number)),
    new Array<number>(task.options).fill(0),
  );
  let expected = 0;
  wins.forEach((row, x) => {
    const m = total[x] as number;
    if (m > 0) expected += (m / mass) * entropyOf(row.map((v) => v / m));
  });
  return entropyOf(prior.map((v) => v / mass)) - expected;
}
