import { actCell, validShareCell, type Task, type Trace } from "@cosir/env";
import type { EpisodeRewards } from "@cosir/rewards";

/** What a rollout's talk and choices looked like (docs/design.md §5.5): pooled counts and their rates. */
export interface RolloutDiagnostics {
  /** SHAREs of a cell someone had already validly shared in the episode (this message included) / valid SHAREs. */
  repeatRate: number;
  /** Messages that say nothing but PASS (a message that did not parse counts as PASS) / messages. */
  passRate: number;
  /** Distinct (asker, cell) asks that a teammate answered later with a true SHARE of the cell / such asks. */
  askAnsweredRate: number;
  /** Final choices equal to the MAP of the agent's own evidence at the choice (the exact evaluator's) / agents. */
  choiceMap: number;
  /** The denominators: valid SHAREs, messages, distinct asks, agents scored. */
  counts: { shares: number; messages: number; asks: number; agents: number };
}

const rate = (n: number, d: number): number => (d === 0 ? 0 : n / d);

/** Counts one trace's repeats, passes and answered asks. */
function countTrace(task: Task, trace: Trace) {
  let shares = 0;
  let repeats = 0;
  let passes = 0;
  const stated = new Set<number>();
  // Open asks: key asker * cells + cell -> answered.
  const asks = new Map<number, boolean>();
  const cells = task.options * task.attributes;
  for (const m of trace.messages) {
    if (m.acts.every((a) => a.kind === "pass")) passes++;
    for (const act of m.acts) {
      if (act.kind === "share") {
        const cell = validShareCell(task, act);
        if (cell < 0) continue;
        shares++;
        if (stated.has(cell)) repeats++;
        stated.add(cell);
        const level = task.table[act.option]?.[act.attribute];
        if (act.level !== level) continue;
        for (const [key, answered] of asks)
          if (!answered && key % cells === cell && Math.floor(key / cells) !== m.speaker) asks.set(key, true);
      } else if (act.kind === "ask") {
        const cell = actCell(task, act);
        if (cell < 0 || m.speaker < 0 || m.speaker >= task.agents) continue;
        const key = m.speaker * cells + cell;
        if (!asks.has(key)) asks.set(key, false);
      }
    }
  }
  const answered = [...asks.values()].filter(Boolean).length;
  return { shares, repeats, passes, messages: trace.messages.length, asks: asks.size, answered };
}

/**
 * Diagnostics of a batch of episodes: repeat rate, PASS rate, ask-answered rate and choice = MAP, each pooled over
 * episodes (numerators and denominators summed). `rewards[e]` are the scores of `traces[e]` on `tasks[e]` (their
 * `agents[j].mapFull` is the MAP the choice is compared with).
 */
export function rolloutDiagnostics(
  tasks: readonly Task[],
  traces: readonly Trace[],
  rewards: readonly EpisodeRewards[],
): RolloutDiagnostics {
  const total = { shares: 0, repeats: 0, passes: 0, messages: 0, asks: 0, answered: 0, agents: 0, map: 0 };
  traces.forEach((trace, e) => {
    const c = countTrace(tasks[e] as Task, trace);
    total.shares += c.shares;
    total.repeats += c.repeats;
    total.passes += c.passes;
    total.messages += c.messages;
    total.asks += c.asks;
    total.answered += c.answered;
    for (const a of rewards[e]?.agents ?? []) {
      total.agents++;
      if (a.choice === a.mapFull) total.map++;
    }
  });
  return {
    repeatRate: rate(total.repeats, total.shares),
    passRate: rate(total.passes, total.messages),
    askAnsweredRate: rate(total.answered, total.asks),
    choiceMap: rate(total.map, total.agents),
    counts: { shares: total.shares, messages: total.messages, asks: total.asks, agents: total.agents },
  };
}
