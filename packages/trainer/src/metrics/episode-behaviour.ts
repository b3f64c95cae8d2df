import type { Task, Trace } from "@cosir/env";

export interface EpisodeBehaviour {
  /** Cells seen by exactly one agent. */
  privateCells: number;
  /** Of those, how many were shared (by anyone) during the discussion. */
  privateDisclosed: number;
  messages: number;
  /** Messages containing at least one ASK. */
  asking: number;
}

/**
 * Cheap per-episode behaviour counts for training metrics: disclosure of private cells and how
 * often agents ask. The held-out benchmark metrics (decisive cells, fail-to-ask, ignored input)
 * live in @cosir/bench.
 */
export function episodeBehaviour(task: Task, trace: Trace): EpisodeBehaviour {
  const holders = new Map<number, number>();
  for (const cells of task.visibility) for (const c of cells) holders.set(c, (holders.get(c) ?? 0) + 1);
  const privateCells = new Set<number>();
  for (const [c, n] of holders) if (n === 1) privateCells.add(c);
  const disclosed = new Set<number>();
  let asking = 0;
  for (const m of trace.messages) {
    let asked = false;
    for (const act of m.acts) {
      if (act.kind === "share") {
        const c = act.option * task.attributes + act.attribute;
        if (privateCells.has(c)) disclosed.add(c);
      }
      if (act.kind === "ask") asked = true;
    }
    if (asked) asking++;
  }
  return { privateCells: privateCells.size, privateDisclosed: disclosed.size, messages: trace.messages.length, asking };
}
