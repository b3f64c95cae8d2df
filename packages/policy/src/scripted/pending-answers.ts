import { cellIndex } from "@cosir/bayes";
import type { Observation } from "@cosir/env";

/** A cell the agent holds, with its level, that a teammate asked for. */
export interface PendingAnswer {
  option: number;
  attribute: number;
  level: number;
}

/**
 * Open questions this agent can answer: asks by teammates (to it or to anyone) for its cells, not shared since, in
 * the order they were (last) asked. The scripted oracle answers them; the trainer's teacher does at `answerRate`.
 */
export function pendingAnswers(obs: Observation): PendingAnswer[] {
  const own = new Map<number, number>();
  for (const [o, a, level] of obs.ownCells) own.set(cellIndex(o, a, obs.task.attributes), level);
  const open = new Map<number, boolean>();
  for (const m of obs.messages) {
    for (const act of m.acts) {
      const cell =
        act.kind === "share" || act.kind === "ask" ? cellIndex(act.option, act.attribute, obs.task.attributes) : -1;
      if (
        act.kind === "ask" &&
        m.speaker !== obs.agent &&
        (act.to === undefined || act.to === obs.agent) &&
        own.has(cell)
      )
        open.set(cell, true);
      if (act.kind === "share") open.delete(cell);
    }
  }
  return [...open.keys()].map((cell) => ({
    option: Math.floor(cell / obs.task.attributes),
    attribute: cell % obs.task.attributes,
    level: own.get(cell) as number,
  }));
}
