// Benchmarks of @cosir/bayes on the built dist (run: pnpm bench, or node scripts/bench.mjs --filter bayes).
// Every figure is measured on one thread, per CPU second, over a pool of realistic beliefs: one agent's
// view of a task (a true table with a unique best) in mid-episode, where about a third of the cells
// are its own observations, a quarter carry one or two claims (eps = 0.01, 5% of them wrong) and the
// rest are still at the prior.
import {
  applyClaim,
  argmaxScoreModel,
  createBeliefs,
  DEFAULT_COMPUTE_BUDGET,
  expectedInformationGain,
  observeCell,
} from "../dist/index.js";

/** Small seeded generator (mulberry32) so every run measures the same pool. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Beliefs of one agent in mid-episode on a task with a unique best option: its own observations of the
 * true table, truthful claims heard (a teammate misreports with probability 0.05), the prior elsewhere.
 * `min` tables are feasibility tables over 0..1 (a cell is 1 with probability 0.85).
 */
function beliefPool({ options, attributes, levels: [lo, hi], aggregate }, size, seed) {
  const next = random(seed);
  const L = hi - lo + 1;
  const draw = () => (aggregate === "min" ? (next() < 0.85 ? hi : lo) : lo + Math.floor(next() * L));
  const pool = [];
  while (pool.length < size) {
    const table = Array.from({ length: options * attributes }, draw);
    const scores = Array.from({ length: options }, (_, k) => {
      const row = table.slice(k * attributes, (k + 1) * attributes);
      return aggregate === "min" ? Math.min(...row) : row.reduce((x, y) => x + y, 0);
    });
    const top = Math.max(...scores);
    if (scores.filter((u) => u === top).length !== 1) continue; // generators reject ties
    const b = createBeliefs({ cells: options * attributes, levels: [lo, hi] });
    for (let c = 0; c < options * attributes; c++) {
      const x = next();
      const claimed = () => (next() < 0.05 ? lo + Math.floor(next() * L) : table[c]);
      if (x < 0.35) observeCell(b, c, table[c]);
      else if (x < 0.6) {
        applyClaim(b, c, claimed(), 0.01);
        if (next() < 0.3) applyClaim(b, c, claimed(), 0.01);
      }
    }
    pool.push(b);
  }
  return pool;
}

/**
 * Seconds of CPU time this process has used. Rates are per CPU second, not per wall second, so a
 * figure means "on one core" even when other processes share the machine.
 */
function cpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Calls fn(i) in batches for about `seconds`, in 5 rounds; returns the median rate (calls per CPU second). */
function rate(fn, seconds, batch) {
  for (let i = 0; i < batch; i++) fn(i); // warm up the JIT
  const rates = [];
  for (let round = 0; round < 5; round++) {
    let n = 0;
    const t0 = cpuSeconds();
    let t = t0;
    while (t - t0 < seconds / 5) {
      for (let i = 0; i < batch; i++) fn(n + i);
      n += batch;
      t = cpuSeconds();
    }
    rates.push(n / (t - t0));
  }
  rates.sort((a, b) => a - b);
  return rates[2];
}

/**
 * Monte Carlo estimate of the same posterior: sample every uncertain cell from its pmf, keep the
 * samples whose maximum score is unique, count the winners. Point-mass cells are folded into a fixed
 * base score (the sampler's best case). Returns the number of accepted samples.
 */
function monteCarloPosterior(spec, beliefs, samples, next, out) {
  const {
    options: K,
    attributes: M,
    levels: [lo],
    weights,
  } = spec;
  const L = beliefs.levels;
  const baseScore = new Float64Array(K);
  const cells = [];
  for (let k = 0; k < K; k++) {
    for (let a = 0; a < M; a++) {
      const c = k * M + a;
      let nonzero = 0;
      let at = 0;
      for (let j = 0; j < L; j++)
        if (beliefs.pmf[c * L + j] > 0) {
          nonzero++;
          at = j;
        }
      const w = weights[a];
      if (nonzero === 1) baseScore[k] += w * (lo + at);
      else {
        const cdf = new Float64Array(L);
        let acc = 0;
        for (let j = 0; j < L; j++) cdf[j] = acc += beliefs.pmf[c * L + j];
        cells.push({ k, w, cdf });
      }
    }
  }
  const score = new Float64Array(K);
  out.fill(0);
  let accepted = 0;
  for (let s = 0; s < samples; s++) {
    score.set(baseScore);
    for (const { k, w, cdf } of cells) {
      const x = next() * cdf[L - 1];
      let j = 0;
      while (j < L - 1 && x >= cdf[j]) j++;
      score[k] += w * (lo + j);
    }
    let best = 0;
    let ties = 1;
    for (let k = 1; k < K; k++) {
      if (score[k] > score[best]) {
        best = k;
        ties = 1;
      } else if (score[k] === score[best]) ties++;
    }
    if (ties === 1) {
      out[best] += 1;
      accepted++;
    }
  }
  if (accepted > 0) for (let k = 0; k < K; k++) out[k] /= accepted;
  return accepted;
}

export default async function bench({ report, quick }) {
  const seconds = quick ? 0.15 : 2; // CPU seconds per figure
  const poolSize = quick ? 256 : 1024; // a power of 2: pool[i & (poolSize - 1)]
  const tables = [
    { name: "bayes.posterior.sum3x4", options: 3, attributes: 4, levels: [1, 5], aggregate: "sum" },
    { name: "bayes.posterior.sum6x8", options: 6, attributes: 8, levels: [1, 5], aggregate: "sum" },
    { name: "bayes.posterior.min4x6", options: 4, attributes: 6, levels: [0, 1], aggregate: "min" },
  ];
  const exact = {};
  for (const spec of tables) {
    const model = argmaxScoreModel(spec);
    const pool = beliefPool(spec, poolSize, 7);
    const out = new Float64Array(spec.options);
    const value = rate((i) => model.posterior(pool[i & (poolSize - 1)], out), seconds, 1000);
    exact[spec.name] = value;
    report({ name: spec.name, value, unit: "posteriors/s" });
  }

  // Monte Carlo to 1% error on the 3x4 sum pool. For each belief the sample count comes from the exact
  // posterior's variance: 2 standard errors of the noisiest answer, sqrt(p (1 - p) / accepted), at 0.01,
  // with accepted = samples * P(unique max).
  const spec = { options: 3, attributes: 4, levels: [1, 5], aggregate: "sum", weights: [1, 1, 1, 1] };
  const model = argmaxScoreModel(spec);
  const pool = beliefPool(spec, quick ? 32 : 256, 7);
  const plan = pool.map((b) => {
    const r = model.posterior(b);
    let variance = 0;
    for (const p of r.pmf) variance = Math.max(variance, p * (1 - p));
    const samples = r.degenerate ? 0 : Math.ceil((4 * variance) / (1e-4 * r.mass));
    return { beliefs: b, exact: Float64Array.from(r.pmf), samples };
  });
  const next = random(11);
  const estimate = new Float64Array(spec.options);
  const errors = [];
  let done = 0;
  const t0 = cpuSeconds();
  let t = t0;
  while (t - t0 < seconds || done < 16) {
    const { beliefs, exact: truth, samples } = plan[done % plan.length];
    monteCarloPosterior(spec, beliefs, samples, next, estimate);
    let err = 0;
    for (let k = 0; k < spec.options; k++) err = Math.max(err, samples === 0 ? 0 : Math.abs(estimate[k] - truth[k]));
    errors.push(err);
    done++;
    t = cpuSeconds();
  }
  const mc = done / (t - t0);
  errors.sort((a, b) => a - b);
  const meanError = errors.reduce((a, b) => a + b, 0) / errors.length;
  const p95 = errors[Math.floor(errors.length * 0.95)];
  const meanSamples = plan.reduce((a, p) => a + p.samples, 0) / plan.length;
  report({
    name: "bayes.posterior.sum3x4.montecarlo",
    value: mc,
    unit: "posteriors/s",
    baseline: exact["bayes.posterior.sum3x4"],
    ratio: exact["bayes.posterior.sum3x4"] / mc,
    note: `~${Math.round(meanSamples)} samples/posterior; max abs error mean ${meanError.toFixed(4)}, p95 ${p95.toFixed(4)}`,
  });

  // EIG of the cells an agent would ask about: every cell that is not a point mass.
  const eigModel = argmaxScoreModel(tables[0]);
  const eigPool = beliefPool(tables[0], poolSize, 7);
  const asks = [];
  for (const b of eigPool) {
    for (let c = 0; c < b.cells; c++) {
      let nonzero = 0;
      for (let j = 0; j < b.levels; j++) if (b.pmf[c * b.levels + j] > 0) nonzero++;
      if (nonzero > 1) asks.push([b, c]);
    }
  }
  const eig = rate(
    (i) => {
      const [b, c] = asks[i % asks.length];
      return expectedInformationGain(eigModel, b, c);
    },
    seconds,
    200,
  );
  report({ name: "bayes.eig.sum3x4", value: eig, unit: "evaluations/s" });

  // Calibration of the cost model (docs/design.md §7.1): nanoseconds per cost unit of one posterior at the
  // prior, from a small task to the largest shapes a server accepts. The baseline is the small task.
  const costShapes = [
    ["small", { options: 4, attributes: 4, levels: [1, 5], aggregate: "sum" }],
    ["weighted", { options: 26, attributes: 10, levels: [0, 10], aggregate: "sum", weights: Array(10).fill(50) }],
    ["wide", { options: 64, attributes: 64, levels: [0, 15], aggregate: "sum" }],
  ];
  let smallNs = 0;
  for (const [name, shape] of costShapes) {
    const model = argmaxScoreModel(shape);
    const b = createBeliefs({ cells: shape.options * shape.attributes, levels: shape.levels });
    const perSecond = rate(() => model.posterior(b), quick ? 0.2 : seconds, 1);
    const ns = 1e9 / perSecond / model.cost;
    if (name === "small") smallNs = ns;
    report({
      name: `bayes.posterior.cost.${name}`,
      value: ns,
      unit: "ns/cost unit",
      baseline: smallNs,
      note: `cost ${model.cost.toExponential(2)} units; the default budget ${DEFAULT_COMPUTE_BUDGET.toExponential(0)} is ${((DEFAULT_COMPUTE_BUDGET * ns) / 1e9).toFixed(2)} s at this rate`,
    });
  }
}
