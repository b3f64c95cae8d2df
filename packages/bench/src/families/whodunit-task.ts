import { cellIndex, InvalidArgumentError } from "@cosir/bayes";
import { finishTask, type TaskGeneratorOptions, type Task, evidenceSummary } from "@cosir/env";
import { resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.whodunit";
const MAX_ATTEMPTS = 1000;

/**
 * Held-out family 4, whodunit by elimination: options are suspects, attributes are clues, levels 0..1
 * (ruled out by the clue / consistent with it), aggregate `min`, so the culprit is the one suspect no clue
 * rules out. Every clue rules out at least one suspect. With more clues than agents and 4+ suspects, one
 * clue (the crime-scene report) is seen by everyone; every other clue is held by one agent (with more agents than clues, some hold none). Promises,
 * checked: exactly one suspect survives all clues; with the evaluator, the pooled evidence is certain of
 * the culprit; with 3+ suspects, each agent's clues (with the public one) leave at least two suspects and
 * no agent alone is certain (with 2 suspects whoever rules the innocent out knows).
 */
export function whodunitTask(opts: TaskGeneratorOptions & { ruleOutProbability?: number }): Task {
  const { size, rng } = resolveHeldOutOptions(FAMILY, opts, {
    options: 6,
    attributes: 6,
    agents: 3,
    rounds: 2,
    fixedLevels: [0, 1],
    domains: ["manorMystery", "officeTheft"],
  });
  const { options: K, attributes: M, agents: N } = size;
  const ruleOut = opts.ruleOutProbability ?? 0.3;
  if (typeof ruleOut !== "number" || !(ruleOut > 0 && ruleOut < 1))
    throw new InvalidArgumentError("ruleOutProbability", ruleOut, "expected a probability in (0, 1)");
  if (K < 2) throw new InvalidArgumentError("options", K, `expected at least 2 suspects for ${FAMILY}`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const culprit = rng.int(K);
    const table = Array.from({ length: K }, (_, o) =>
      Array.from({ length: M }, (): number => (o !== culprit && rng.next() < ruleOut ? 0 : 1)),
    );
    for (let a = 0; a < M; a++) {
      if (table.some((row) => row[a] === 0)) continue;
      let o = rng.int(K - 1);
      if (o >= culprit) o++;
      (table[o] as number[])[a] = 0;
    }
    for (let o = 0; o < K; o++) {
      const row = table[o] as number[];
      if (o !== culprit && !row.includes(0)) row[rng.int(M)] = 0;
    }
    const clues = rng.shuffle(Array.from({ length: M }, (_, a) => a));
    // With 3 suspects a public clue would leave some agent certain; with 2 every clue does.
    const publicClue = M > N && K >= 4 ? (clues.pop() as number) : -1;
    const owner = new Array<number>(M).fill(-1);
    clues.forEach((a, j) => (owner[a] = j % N));
    let alone = true;
    for (let i = 0; i < N && alone && K >= 3; i++) {
      const left = table.filter((row) => row.every((v, a) => (owner[a] !== i && a !== publicClue) || v === 1)).length;
      if (left < 2) alone = false;
    }
    if (!alone) continue;
    const visibility: number[][] = Array.from({ length: N }, () => []);
    for (let o = 0; o < K; o++) {
      for (let a = 0; a < M; a++) {
        const cell = cellIndex(o, a, M);
        if (a === publicClue) for (const cells of visibility) cells.push(cell);
        else (visibility[owner[a] as number] as number[]).push(cell);
      }
    }
    const task = finishTask(FAMILY, size, { table, correct: culprit, visibility, aggregate: "min" });
    const e = evidenceSummary(task);
    if (
      e.pooledMap === culprit &&
      (e.pooled[culprit] as number) > 1 - 1e-9 &&
      (K < 3 || e.private.every((p) => (p[culprit] as number) < 0.99))
    )
      return task;
  }
  throw new InvalidArgumentError(
    "options",
    K,
    `expected a size that admits ${FAMILY}; none verified in ${MAX_ATTEMPTS} attempts (seed ${size.seed})`,
  );
}
