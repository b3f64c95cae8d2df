import { cellIndex, InvalidArgumentError } from "@cosir/bayes";
import { finishTask, type TaskGeneratorOptions, type Task, evidenceSummary } from "@cosir/env";
import { resolveHeldOutOptions } from "./resolve-held-out-options";

const FAMILY = "heldout.meetingScheduling";
const MAX_ATTEMPTS = 1000;

/**
 * Held-out family 3, meeting scheduling: options are time slots, attributes are people, levels 0..1
 * (busy / free), aggregate `min`, so the answer is the slot free for everyone. Each person's calendar
 * (a column) is held by one agent (with more agents than people, some hold none). Promises, checked: exactly one slot is free for everyone; with the
 * evaluator, the pooled evidence is certain of the answer; with 3+ slots, no agent's calendars alone
 * narrow the free slots to one and no agent alone is certain.
 */
export function meetingSchedulingTask(opts: TaskGeneratorOptions & { freeProbability?: number }): Task {
  const { size, rng } = resolveHeldOutOptions(FAMILY, opts, {
    options: 6,
    attributes: 5,
    agents: 3,
    rounds: 2,
    fixedLevels: [0, 1],
    domains: ["meetingSlots", "videoCalls"],
  });
  const { options: K, attributes: M, agents: N } = size;
  const free = opts.freeProbability ?? 0.75;
  if (typeof free !== "number" || !(free > 0 && free < 1))
    throw new InvalidArgumentError("freeProbability", free, "expected a probability in (0, 1)");
  if (K < 2) throw new InvalidArgumentError("options", K, `expected at least 2 slots for ${FAMILY}`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const correct = rng.int(K);
    const table = Array.from({ length: K }, (_, o) =>
      Array.from({ length: M }, (): number => (o === correct || rng.next() < free ? 1 : 0)),
    );
    for (let o = 0; o < K; o++) {
      const row = table[o] as number[];
      if (o !== correct && !row.includes(0)) row[rng.int(M)] = 0;
    }
    const people = rng.shuffle(Array.from({ length: M }, (_, a) => a));
    const owner = new Array<number>(M);
    people.forEach((a, j) => (owner[a] = j % N));
    let alone = true;
    // With 2 slots the busy cell of the wrong one tells its holder the answer: no "alone" promise then.
    for (let i = 0; i < N && alone && K >= 3; i++) {
      const open = table.filter((row) => row.every((v, a) => owner[a] !== i || v === 1)).length;
      if (open < 2) alone = false;
    }
    if (!alone) continue;
    const visibility: number[][] = Array.from({ length: N }, () => []);
    for (let o = 0; o < K; o++)
      for (let a = 0; a < M; a++) (visibility[owner[a] as number] as number[]).push(cellIndex(o, a, M));
    const task = finishTask(FAMILY, size, { table, correct, visibility, aggregate: "min" });
    const e = evidenceSummary(task);
    if (
      e.pooledMap === correct &&
      (e.pooled[correct] as number) > 1 - 1e-9 &&
      (K < 3 || e.private.every((p) => (p[correct] as number) < 0.99))
    )
      return task;
  }
  throw new InvalidArgumentError(
    "options",
    K,
    `expected a size that admits ${FAMILY}; none verified in ${MAX_ATTEMPTS} attempts (seed ${size.seed})`,
  );
}
