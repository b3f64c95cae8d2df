import type { AskEvidence } from "@cosir/env";
import type { MessageStep } from "../pass/replay-steps";

/**
 * The asks of a message that the bounded ask rule pays for (docs/design.md §3.7), in act order: each distinct
 * cell inside the table that the asker i does not see, that nobody has stated to i before (no teammate's valid
 * SHARE of it, so "asked and answered" is excluded too), that i's asks have not been paid for already, and that a
 * holder can still answer: some other agent who sees it (the addressee, when the ask names one) has a turn of the
 * protocol after this message (turn t' > t with t' mod N = holder, t' < rounds x N).
 */
export function boundedAskCells(step: MessageStep): readonly AskEvidence[] {
  const cached = eligibleByStep.get(step);
  if (cached !== undefined) return cached;
  const { task, replay, message, evidence, asked } = step;
  const i = message.speaker;
  const N = task.agents;
  const cells = replay.cells;
  const lastTurn = task.rounds * N;
  const canAnswer = (j: number): boolean => {
    // The first turn of j after message.turn, in the protocol's order (agent t mod N speaks turn t).
    const next = message.turn + 1 + ((((j - message.turn - 1) % N) + N) % N);
    return next < lastTurn;
  };
  const out: AskEvidence[] = [];
  for (const ask of evidence.asks) {
    const { act, cell } = ask;
    if (replay.sees(i, cell) || replay.hasHeard(i, cell) || asked[i * cells + cell] === 1) continue;
    let answerable = false;
    for (let j = 0; j < N && !answerable; j++)
      answerable = j !== i && (act.to === undefined || act.to === j) && replay.sees(j, cell) && canAnswer(j);
    if (answerable) out.push(ask);
  }
  eligibleByStep.set(step, out);
  return out;
}

/**
 * Each message step's eligible asks, found once: the ask term, its per-act split, the payable-ask term and the pass's
 * once-paid record all read them, and a step's `asked` record changes only after they have (episodePass).
 */
const eligibleByStep = new WeakMap<MessageStep, readonly AskEvidence[]>();
