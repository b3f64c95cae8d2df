import { actCell, type MessageEvidence, type Task, type TraceMessage } from "@cosir/env";

/**
 * Where each SHARE and ASK the replay judged sits among the message's acts (docs/design.md §3.8), by position
 * rather than by object identity (a message may hold the same act object twice): the replay lists every SHARE in
 * act order, and the first ASK of each distinct cell in the table.
 */
export function actPositions(
  task: Pick<Task, "options" | "attributes">,
  message: Pick<TraceMessage, "acts">,
  evidence: Pick<MessageEvidence, "shares" | "asks">,
): { shares: number[]; asks: number[] } {
  const shares: number[] = [];
  const asks: number[] = [];
  const askedCells: number[] = [];
  message.acts.forEach((act, k) => {
    if (act.kind === "share") shares.push(k);
    else if (act.kind === "ask") {
      const cell = actCell(task, act);
      if (cell >= 0 && !askedCells.includes(cell)) {
        askedCells.push(cell);
        asks.push(k);
      }
    }
  });
  // The replay judges nothing of a speaker outside the team: it then lists no acts at all.
  return {
    shares: shares.slice(0, evidence.shares.length),
    asks: asks.slice(0, evidence.asks.length),
  };
}
