import { actCell, validShareCell, type Act, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rewardConfig } from "../config/reward-config";
import { scoreEpisode } from "../score/score-episode";
import { bruteForceSurprisal, type BruteClaim } from "../test/brute-force-surprisal";
import { protocolEpisodeArb } from "../test/protocol-episode";
import { askEveryCellEveryTurn, traceOf } from "../test/random-episode";

const bounded = rewardConfig({ preset: "cosir", askRule: "bounded" });

/**
 * The bounded ask rule (docs/design.md §3.7) written out from scratch: per message, the distinct asked cells (first
 * ask of each, in act order) the asker does not see, has not heard stated, has not been paid for, and that a holder
 * (the addressee, if named) with a later protocol turn sees; the reduction a truthful answer to all of them would
 * bring, with posteriors by enumerating every table.
 */
function oracleBoundedAsk(task: Task, trace: Trace): number[] {
  const N = task.agents;
  const heard: BruteClaim[][] = Array.from({ length: N }, () => []);
  const paid: Set<number>[] = Array.from({ length: N }, () => new Set());
  const cellOf = (a: { option: number; attribute: number }) => actCell(task, a);
  return trace.messages.map((m) => {
    const i = m.speaker;
    const distinct: { cell: number; to?: number }[] = [];
    for (const act of m.acts)
      if (act.kind === "ask" && cellOf(act) >= 0 && !distinct.some((d) => d.cell === cellOf(act)))
        distinct.push({ cell: cellOf(act), ...(act.to !== undefined ? { to: act.to } : {}) });
    const eligible = distinct
      .filter(({ cell }) => !task.visibility[i]!.includes(cell))
      .filter(({ cell }) => !heard[i]!.some((c) => c.cell === cell) && !paid[i]!.has(cell))
      .filter(({ cell, to }) =>
        task.visibility.some(
          (cells, j) =>
            j !== i &&
            (to === undefined || to === j) &&
            cells.includes(cell) &&
            Array.from({ length: task.rounds * N }, (_, t) => t).some((t) => t > m.turn && t % N === j),
        ),
      )
      .map((d) => d.cell);
    const truth = eligible.map((cell) => ({
      cell,
      level: task.table[Math.floor(cell / task.attributes)]![cell % task.attributes]!,
    }));
    const value =
      eligible.length === 0
        ? 0
        : bruteForceSurprisal(task, i, heard[i]!) - bruteForceSurprisal(task, i, [...heard[i]!, ...truth]);
    for (const cell of eligible) paid[i]!.add(cell);
    for (const act of m.acts) {
      if (act.kind !== "share") continue;
      const cell = validShareCell(task, act);
      if (cell < 0) continue;
      for (let j = 0; j < N; j++) if (j !== i) heard[j]!.push({ cell, level: act.level });
    }
    return value;
  });
}

const askOf = (task: Task, trace: Trace, config = bounded) =>
  scoreEpisode(task, trace, config).messages.map((m) => m.terms.ask);

describe("bounded ask rule", () => {
  it("agrees with a from-scratch brute-force oracle on small tasks", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const got = askOf(task, trace);
        const want = oracleBoundedAsk(task, trace);
        got.forEach((v, t) => expect(v).toBeCloseTo(want[t]!, 7));
      }),
      { numRuns: 120 },
    );
  });

  it("is bounded per message by the asker's surprisal, and each (asker, cell) is paid at most once", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const rewards = scoreEpisode(task, trace, bounded);
        const heard: BruteClaim[][] = Array.from({ length: task.agents }, () => []);
        trace.messages.forEach((m, t) => {
          const s = bruteForceSurprisal(task, m.speaker, heard[m.speaker]!);
          expect(rewards.messages[t]!.terms.ask).toBeLessThanOrEqual(s + 1e-9);
          for (const act of m.acts) {
            if (act.kind !== "share") continue;
            const cell = validShareCell(task, act);
            if (cell >= 0)
              for (let j = 0; j < task.agents; j++) if (j !== m.speaker) heard[j]!.push({ cell, level: act.level });
          }
        });
        // The first message's asks repeated in the speaker's next message (nothing else said between) pay nothing.
        const first = trace.messages[0];
        const N = task.agents;
        if (first === undefined || task.rounds < 2) return;
        const asks = first.acts.filter((a) => a.kind === "ask");
        const messages = Array.from({ length: N + 1 }, (_, turn) => ({
          turn,
          round: Math.floor(turn / N),
          speaker: turn % N,
          text: "x",
          acts: turn % N === 0 ? asks : [{ kind: "pass" as const }],
        }));
        const values = askOf(task, traceOf(task, messages, []));
        expect(values[N]).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it("pays nothing for a stated cell, a cell the asker sees, or when no holder has a turn left", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const N = task.agents;
        const last = trace.messages.filter((m) => m.turn >= (task.rounds - 1) * N);
        const rewards = scoreEpisode(task, trace, bounded);
        // The last speaker of the last round: nobody speaks after it, so none of its asks can be answered.
        for (const m of last) if (m.turn === task.rounds * N - 1) expect(rewards.messages[m.turn]!.terms.ask).toBe(0);
        // A solo agent has nobody to ask.
        if (N === 1) for (const m of rewards.messages) expect(m.terms.ask).toBe(0);
        // Asking only for own cells pays nothing.
        const own = trace.messages.map((m) => ({
          ...m,
          acts: (task.visibility[m.speaker] ?? []).map(
            (cell): Act => ({
              kind: "ask",
              option: Math.floor(cell / task.attributes),
              attribute: cell % task.attributes,
            }),
          ),
        }));
        for (const m of scoreEpisode(task, traceOf(task, own, []), bounded).messages) expect(m.terms.ask).toBe(0);
      }),
      { numRuns: 80 },
    );
  });

  it("a cell already stated earns nothing: asking for it next to other asks leaves the message's value as it was", () => {
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        const base = askOf(task, trace);
        const padded = trace.messages.map((m, t) => {
          const stated = new Set<number>();
          for (const p of trace.messages.slice(0, t))
            if (p.speaker !== m.speaker)
              for (const act of p.acts)
                if (act.kind === "share" && validShareCell(task, act) >= 0) stated.add(validShareCell(task, act));
          const extra: Act[] = [...stated].map((cell) => ({
            kind: "ask",
            option: Math.floor(cell / task.attributes),
            attribute: cell % task.attributes,
          }));
          return { ...m, acts: [...m.acts, ...extra] };
        });
        const got = askOf(
          task,
          traceOf(
            task,
            padded,
            trace.choices.map((c) => c.choice),
          ),
        );
        got.forEach((v, t) => expect(v).toBeCloseTo(base[t]!, 9));
      }),
      { numRuns: 80 },
    );
  });

  it("pays something on a fair share of generated messages (the properties above are not vacuous)", () => {
    let paid = 0;
    let messages = 0;
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task, trace }) => {
        for (const v of askOf(task, trace)) {
          messages++;
          if (v !== 0) paid++;
        }
      }),
      { numRuns: 200 },
    );
    expect(paid / messages).toBeGreaterThan(0.05);
  });

  it("an agent asking every cell in every message earns at most its surprisal once per cell set, unlike perCell", () => {
    // Farming: the same all-cells ask each turn. perCell pays every turn; bounded pays the first time only.
    fc.assert(
      fc.property(protocolEpisodeArb, ({ task }) => {
        const N = task.agents;
        const trace = askEveryCellEveryTurn(task);
        const got = askOf(task, trace);
        for (let i = 0; i < N; i++) {
          const mine = got.filter((_, t) => t % N === i);
          expect(mine.slice(1).every((v) => v === 0)).toBe(true);
          expect(mine[0]!).toBeLessThanOrEqual(bruteForceSurprisal(task, i, []) + 1e-9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the perCell rule (absent askRule) is unchanged", () => {
    expect(rewardConfig("cosir").askRule).toBeUndefined();
  });
});
