import { actCell, validShareCell, type Act, type Task, type Trace } from "@cosir/env";
import type { BruteClaim } from "./brute-force-surprisal";

/** One message as the payable-ask oracle sees it: the act indices that earn, and what the speaker had heard. */
export interface PayableMessage {
  earning: number[];
  /** The valid shares of others the speaker heard before this message, in order. */
  heard: BruteClaim[];
}

/**
 * The payable-ask count written out from the rule's four conditions (docs/design.md §3.7, §3.9), message by message:
 * per distinct asked cell (first ask of each, in act order), 1 when the asker does not see it, nobody stated it
 * to the asker before, the asker has not been paid for it, and a holder (the addressee, if named) speaks later.
 */
export function oraclePayable(task: Task, trace: Trace): PayableMessage[] {
  const N = task.agents;
  const heard: BruteClaim[][] = Array.from({ length: N }, () => []);
  const paid: Set<number>[] = Array.from({ length: N }, () => new Set());
  return trace.messages.map((m) => {
    const i = m.speaker;
    const seen = new Set<number>();
    const earning: number[] = [];
    const before = [...(heard[i] ?? [])];
    m.acts.forEach((act, k) => {
      if (act.kind !== "ask") return;
      const cell = actCell(task, act);
      if (cell < 0 || seen.has(cell)) return;
      seen.add(cell);
      if (task.visibility[i]!.includes(cell) || before.some((c) => c.cell === cell) || paid[i]!.has(cell)) return;
      const holderSpeaksLater = task.visibility.some((cells, j) => {
        if (j === i || (act.to !== undefined && act.to !== j) || !cells.includes(cell)) return false;
        for (let t = m.turn + 1; t < task.rounds * N; t++) if (t % N === j) return true;
        return false;
      });
      if (holderSpeaksLater) earning.push(k);
    });
    for (const k of earning) paid[i]!.add(actCell(task, m.acts[k] as Extract<Act, { kind: "ask" }>));
    for (const act of m.acts) {
      if (act.kind !== "share") continue;
      const cell = validShareCell(task, act);
      if (cell >= 0) for (let j = 0; j < N; j++) if (j !== i) heard[j]!.push({ cell, level: act.level });
    }
    return { earning, heard: before };
  });
}
