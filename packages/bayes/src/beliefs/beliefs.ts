import { InvalidArgumentError } from "../errors/cosir-error";

/**
 * Per-cell beliefs (docs/design.md §1): independent pmfs over the integer levels lo..hi, one per cell,
 * stored row-major in one Float64Array (`pmf[cell * levels + (level - lo)]`).
 * `observed[cell] = 1` marks the agent's own observation, a point mass that claims never move.
 */
export interface Beliefs {
  readonly cells: number;
  readonly lo: number;
  readonly hi: number;
  readonly levels: number;
  readonly pmf: Float64Array;
  readonly observed: Uint8Array;
}

export interface BeliefSpace {
  /** Number of cells (options x attributes for a rating table). */
  cells: number;
  /** Inclusive integer level range [lo, hi]. */
  levels: readonly [number, number];
  /** Prior pmf over the levels, shared by every cell; default uniform. Normalised here. */
  prior?: ArrayLike<number>;
}

export function checkLevelRange(levels: readonly [number, number], field = "levels"): void {
  const [lo, hi] = levels;
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi <= lo) {
    throw new InvalidArgumentError(field, levels, "expected integers [lo, hi] with lo < hi");
  }
  if (hi - lo + 1 > 10_000) throw new InvalidArgumentError(field, levels, "expected at most 10000 levels");
}

/** Validates and normalises a prior pmf of length `levels`; uniform when absent. */
export function normalisePrior(prior: ArrayLike<number> | undefined, levels: number, field = "prior"): Float64Array {
  const out = new Float64Array(levels);
  if (prior === undefined) {
    out.fill(1 / levels);
    return out;
  }
  if (prior.length !== levels) throw new InvalidArgumentError(field, Array.from(prior), `expected ${levels} numbers`);
  let total = 0;
  for (let i = 0; i < levels; i++) {
    const p = prior[i] as number;
    if (!Number.isFinite(p) || p < 0)
      throw new InvalidArgumentError(`${field}[${i}]`, p, "expected a finite number >= 0");
    total += p;
  }
  if (!(total > 0)) throw new InvalidArgumentError(field, Array.from(prior), "expected a positive total");
  for (let i = 0; i < levels; i++) out[i] = (prior[i] as number) / total;
  return out;
}

export function createBeliefs(space: BeliefSpace): Beliefs {
  if (!Number.isInteger(space.cells) || space.cells < 1)
    throw new InvalidArgumentError("cells", space.cells, "expected a positive integer");
  checkLevelRange(space.levels);
  const [lo, hi] = space.levels;
  const levels = hi - lo + 1;
  const prior = normalisePrior(space.prior, levels);
  const pmf = new Float64Array(space.cells * levels);
  for (let c = 0; c < space.cells; c++) pmf.set(prior, c * levels);
  return { cells: space.cells, lo, hi, levels, pmf, observed: new Uint8Array(space.cells) };
}

export function cloneBeliefs(beliefs: Beliefs): Beliefs {
  return { ...beliefs, pmf: beliefs.pmf.slice(), observed: beliefs.observed.slice() };
}

/** Copies src into dst (same shape) without allocating. */
export function copyBeliefsInto(dst: Beliefs, src: Beliefs): Beliefs {
  if (dst.pmf.length !== src.pmf.length)
    throw new InvalidArgumentError(
      "dst",
      dst.cells,
      `expected beliefs shaped like src (${src.cells} cells x ${src.levels} levels)`,
    );
  dst.pmf.set(src.pmf);
  dst.observed.set(src.observed);
  return dst;
}

function checkCell(beliefs: Beliefs, cell: number): void {
  if (!Number.isInteger(cell) || cell < 0 || cell >= beliefs.cells) {
    throw new InvalidArgumentError("cell", cell, `expected an integer in 0..${beliefs.cells - 1}`);
  }
}

function checkLevel(beliefs: Beliefs, level: number): void {
  if (!Number.isInteger(level) || level < beliefs.lo || level > beliefs.hi) {
    throw new InvalidArgumentError("level", level, `expected an integer in ${beliefs.lo}..${beliefs.hi}`);
  }
}

/** The pmf of one cell, as a view into the beliefs (not a copy). */
export function cellPmf(beliefs: Beliefs, cell: number): Float64Array {
  checkCell(beliefs, cell);
  return beliefs.pmf.subarray(cell * beliefs.levels, (cell + 1) * beliefs.levels);
}

/** Own observation (docs/design.md §1): the cell becomes a point mass at `level`. Mutates and returns `beliefs`. */
export function observeCell(beliefs: Beliefs, cell: number, level: number): Beliefs {
  checkCell(beliefs, cell);
  checkLevel(beliefs, level);
  const base = cell * beliefs.levels;
  beliefs.pmf.fill(0, base, base + beliefs.levels);
  beliefs.pmf[base + level - beliefs.lo] = 1;
  beliefs.observed[cell] = 1;
  return beliefs;
}

/**
 * A teammate's claim "cell has level v" through a channel with noise eps (docs/design.md §1): multiply by
 * (1 - eps) at v and eps / (L - 1) elsewhere, renormalise. Mutates and returns `beliefs`.
 *
 * Own observations are never moved by claims. When the product has no mass left (eps = 0 against a
 * cell whose mass at v is 0, e.g. two contradictory hard claims), the later claim wins: the cell
 * becomes a point mass at v. So no input yields NaN.
 */
export function applyClaim(beliefs: Beliefs, cell: number, level: number, eps: number): Beliefs {
  checkCell(beliefs, cell);
  checkLevel(beliefs, level);
  if (!Number.isFinite(eps) || eps < 0 || eps > 1)
    throw new InvalidArgumentError("eps", eps, "expected a number in [0, 1]");
  if (beliefs.observed[cell] === 1) return beliefs;
  const L = beliefs.levels;
  const base = cell * L;
  const hit = level - beliefs.lo;
  const off = eps / (L - 1);
  const pmf = beliefs.pmf;
  let total = 0;
  for (let j = 0; j < L; j++) {
    const p = (pmf[base + j] as number) * (j === hit ? 1 - eps : off);
    pmf[base + j] = p;
    total += p;
  }
  if (total > 0 && Number.isFinite(total)) {
    // Divide, not multiply by 1 / total: a subnormal total has an infinite reciprocal.
    for (let j = 0; j < L; j++) pmf[base + j] = (pmf[base + j] as number) / total;
  } else {
    pmf.fill(0, base, base + L);
    pmf[base + hit] = 1;
  }
  return beliefs;
}
