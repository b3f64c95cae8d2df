import { applyClaim, cellPmf, createBeliefs, observeCell, surprisal, type Beliefs } from "@cosir/bayes";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { smallTaskArbitrary } from "../test-support/arbitraries";
import type { Act } from "../messages/act";
import { agentBeliefs } from "./agent-beliefs";
import { decisionModelForTask } from "./decision-model-for-task";
import { EvidenceReplay, type HeardClaim, type ReplayMessage } from "./evidence-replay";
import type { Task } from "./task";

/** Acts including ones outside the task (option, attribute or level one past the range, or negative). */
function looseActArb(task: Task): fc.Arbitrary<Act> {
  const option = fc.integer({ min: -1, max: task.options });
  const attribute = fc.integer({ min: -1, max: task.attributes });
  return fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant("share" as const),
        option,
        attribute,
        level: fc.integer({ min: task.levels[0] - 1, max: task.levels[1] + 1 }),
      }),
      weight: 4,
    },
    fc.record({ kind: fc.constant("ask" as const), option, attribute }),
    fc.record({ kind: fc.constant("ask" as const), option, attribute, to: fc.nat(task.agents) }),
    fc.constant({ kind: "pass" as const }),
  );
}

/** A small task and messages by its agents (and now and then by a speaker that is not one). */
const episodeArb = smallTaskArbitrary.chain((task) =>
  fc
    .array(
      fc.record({
        speaker: fc.integer({ min: 0, max: task.agents }),
        acts: fc.array(looseActArb(task), { minLength: 1, maxLength: 4 }),
      }),
      { maxLength: 8 },
    )
    .map((ms) => ({ task, messages: ms.map((m, turn): ReplayMessage => ({ ...m, turn: 10 + turn })) })),
);

// The from-scratch oracle: its own range checks and table reads, nothing shared with the replay.
const level = (task: Task, cell: number) => task.table[Math.floor(cell / task.attributes)]![cell % task.attributes]!;
function validShare(task: Task, act: Act): act is Extract<Act, { kind: "share" }> {
  return (
    act.kind === "share" &&
    act.option >= 0 &&
    act.option < task.options &&
    act.attribute >= 0 &&
    act.attribute < task.attributes &&
    act.level >= task.levels[0] &&
    act.level <= task.levels[1]
  );
}
function scratchClaims(task: Task, agent: number, messages: readonly ReplayMessage[]): HeardClaim[] {
  const claims: HeardClaim[] = [];
  for (const m of messages) {
    if (m.speaker === agent || m.speaker >= task.agents) continue;
    for (const act of m.acts)
      if (validShare(task, act))
        claims.push({
          cell: act.option * task.attributes + act.attribute,
          level: act.level,
          speaker: m.speaker,
          turn: m.turn!,
        });
  }
  return claims;
}
function scratchBeliefs(task: Task, agent: number, messages: readonly ReplayMessage[]): Beliefs {
  const b = createBeliefs({ cells: task.options * task.attributes, levels: task.levels, prior: task.prior });
  for (const cell of task.visibility[agent]!) observeCell(b, cell, level(task, cell));
  for (const claim of scratchClaims(task, agent, messages)) applyClaim(b, claim.cell, claim.level, task.noise);
  return b;
}
const scratchSurprisal = (task: Task, b: Beliefs) =>
  surprisal(decisionModelForTask(task).posterior(b).pmf, task.correct);

describe("EvidenceReplay: properties", () => {
  it("every agent's beliefs, posterior and heard claims equal a from-scratch rebuild after every message", () => {
    fc.assert(
      fc.property(episodeArb, ({ task, messages }) => {
        const model = decisionModelForTask(task);
        const replay = new EvidenceReplay(task);
        for (let t = 0; t <= messages.length; t++) {
          const upto = messages.slice(0, t);
          for (let j = 0; j < task.agents; j++) {
            const scratch = scratchBeliefs(task, j, upto);
            expect(Array.from(replay.beliefs(j).pmf)).toEqual(Array.from(scratch.pmf));
            expect(Array.from(replay.beliefs(j).observed)).toEqual(Array.from(scratch.observed));
            const pmf = model.posterior(scratch).pmf;
            expect(Array.from(replay.posterior(j))).toEqual(Array.from(pmf));
            expect(replay.surprisal(j)).toBe(surprisal(pmf, task.correct));
            const claims = scratchClaims(task, j, upto);
            expect(replay.heardClaims(j)).toEqual(claims);
            for (let c = 0; c < task.options * task.attributes; c++) {
              expect(replay.hasHeard(j, c)).toBe(claims.some((x) => x.cell === c));
              expect(replay.sees(j, c)).toBe(task.visibility[j]!.includes(c));
            }
          }
          if (t < messages.length) replay.hear(messages[t]!);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("judges each SHARE against what its speaker knew before the message, and lists distinct asked cells", () => {
    fc.assert(
      fc.property(episodeArb, ({ task, messages }) => {
        const replay = new EvidenceReplay(task);
        messages.forEach((m, t) => {
          const e = replay.hear(m);
          expect(e.speaker).toBe(m.speaker);
          expect(e.turn).toBe(m.turn);
          if (m.speaker >= task.agents) {
            expect(e).toMatchObject({ fromAgent: false, shares: [], asks: [], claims: [] });
            return;
          }
          const shares = m.acts.filter((a) => a.kind === "share");
          expect(e.shares.map((s) => s.act)).toEqual(shares);
          const heardBefore = scratchClaims(task, m.speaker, messages.slice(0, t)).map((c) => c.cell);
          e.shares.forEach((s) => {
            const valid = validShare(task, s.act);
            const cell = s.act.option * task.attributes + s.act.attribute;
            const seen = valid && task.visibility[m.speaker]!.includes(cell);
            const truthful = valid && level(task, cell) === s.act.level;
            const known = seen || (valid && heardBefore.includes(cell));
            expect(s).toEqual({
              act: s.act,
              cell: valid ? cell : -1,
              truthful,
              seen,
              known,
              falseClaim: !truthful || !known,
            });
          });
          expect(e.claims).toEqual(
            shares
              .filter((a) => validShare(task, a))
              .map((a) => ({
                cell: a.option * task.attributes + a.attribute,
                level: a.level,
                speaker: m.speaker,
                turn: m.turn,
              })),
          );
          const askedCells = m.acts
            .filter((a) => a.kind === "ask")
            .filter(
              (a) => a.option >= 0 && a.option < task.options && a.attribute >= 0 && a.attribute < task.attributes,
            )
            .map((a) => a.option * task.attributes + a.attribute);
          expect(e.asks.map((a) => a.cell)).toEqual([...new Set(askedCells)]);
        });
      }),
      { numRuns: 80 },
    );
  });

  it("surprisalReduction equals the drop of a fresh copy with the claim added, and changes nothing", () => {
    fc.assert(
      fc.property(
        episodeArb.chain((ep) =>
          fc.record({
            ep: fc.constant(ep),
            agent: fc.nat(ep.task.agents - 1),
            cell: fc.nat(ep.task.options * ep.task.attributes - 1),
            level: fc.integer({ min: ep.task.levels[0], max: ep.task.levels[1] }),
          }),
        ),
        ({ ep: { task, messages }, agent, cell, level: v }) => {
          const replay = new EvidenceReplay(task).hearAll(messages);
          const scratch = scratchBeliefs(task, agent, messages);
          const before = Array.from(replay.beliefs(agent).pmf);
          const expected =
            scratchSurprisal(task, scratch) - scratchSurprisal(task, applyClaim(scratch, cell, v, task.noise));
          expect(replay.surprisalReduction(agent, cell, v)).toBe(expected);
          expect(Array.from(replay.beliefs(agent).pmf)).toEqual(before);
          if (replay.sees(agent, cell)) expect(replay.surprisalReduction(agent, cell, v)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("agrees with agentBeliefs, the one-agent rebuild, on every prefix", () => {
    fc.assert(
      fc.property(episodeArb, ({ task, messages }) => {
        const replay = new EvidenceReplay(task);
        messages.forEach((m, t) => {
          replay.hear(m);
          for (let j = 0; j < task.agents; j++)
            expect(Array.from(replay.beliefs(j).pmf)).toEqual(
              Array.from(agentBeliefs(task, j, messages.slice(0, t + 1)).pmf),
            );
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe("EvidenceReplay: known answers", () => {
  // 2 options x 2 attributes, levels 1..3, uniform prior; agent 0 sees option 0, agent 1 option 1.
  const base = randomTask({ seed: 5, options: 2, attributes: 2, agents: 2, levels: [1, 3] });
  const task: Task = {
    ...base,
    visibility: [
      [0, 1],
      [2, 3],
    ],
  };
  const share = (option: number, attribute: number, v: number): Act => ({ kind: "share", option, attribute, level: v });

  it("a claim through the noise channel puts 1 - eps on the claimed level of a uniform cell", () => {
    const replay = new EvidenceReplay(task);
    replay.hear({ speaker: 1, acts: [share(1, 0, 2)] });
    expect(cellPmf(replay.beliefs(0), 2)[1]).toBeCloseTo(1 - task.noise, 12);
    expect(replay.heardClaims(0)).toEqual([{ cell: 2, level: 2, speaker: 1, turn: 0 }]);
    expect(replay.heardClaims(1)).toEqual([]);
  });

  it("own observations are immune to claims", () => {
    const replay = new EvidenceReplay(task);
    const truth = replay.trueLevel(0);
    const wrong = truth === 1 ? 3 : 1;
    const e = replay.hear({ speaker: 1, acts: [share(0, 0, wrong)] });
    expect(cellPmf(replay.beliefs(0), 0)[truth - 1]).toBe(1);
    // Agent 1 neither saw nor heard cell 0: a false claim whatever its level.
    expect(e.shares[0]).toMatchObject({ cell: 0, seen: false, known: false, falseClaim: true });
  });

  it("at eps = 0 the later of two conflicting claims wins, without NaN", () => {
    const replay = new EvidenceReplay({ ...task, noise: 0 });
    replay.hearAll([
      { speaker: 0, acts: [share(0, 1, 1)] },
      { speaker: 0, acts: [share(0, 1, 3)] },
      { speaker: 1, acts: [share(1, 1, 1), share(1, 1, 2)] },
    ]);
    expect(Array.from(cellPmf(replay.beliefs(1), 1))).toEqual([0, 0, 1]);
    expect(Array.from(cellPmf(replay.beliefs(0), 3))).toEqual([0, 1, 0]);
    expect(Number.isNaN(replay.surprisal(0)) || Number.isNaN(replay.surprisal(1))).toBe(false);
  });

  it("nobody hears a speaker that is not an agent; invalid shares are false claims and are not heard", () => {
    const replay = new EvidenceReplay(task);
    expect(replay.hear({ speaker: 2, acts: [share(1, 0, 2)] }).fromAgent).toBe(false);
    const e = replay.hear({ speaker: 0, acts: [share(2, 0, 2), share(0, 2, 2), share(0, 0, 9), share(-1, 0, 1)] });
    expect(e.shares.map((s) => [s.cell, s.falseClaim])).toEqual([
      [-1, true],
      [-1, true],
      [-1, true],
      [-1, true],
    ]);
    expect(e.claims).toEqual([]);
    expect(replay.heardClaims(1)).toEqual([]);
    expect(() => replay.beliefs(2)).toThrow(/agent/);
    expect(replay.sees(2, 0)).toBe(false);
  });

  it("relaying a heard cell with its true level is not a false claim", () => {
    const replay = new EvidenceReplay(task);
    replay.hear({ speaker: 1, acts: [share(1, 0, replay.trueLevel(2))] });
    const e = replay.hear({ speaker: 0, acts: [share(1, 0, replay.trueLevel(2))] });
    expect(e.shares[0]).toMatchObject({ truthful: true, seen: false, known: true, falseClaim: false });
  });

  it("lists distinct asked cells inside the task and who could answer them", () => {
    const replay = new EvidenceReplay(task);
    const e = replay.hear({
      speaker: 0,
      acts: [
        { kind: "ask", option: 1, attribute: 0, to: 1 },
        { kind: "ask", option: 1, attribute: 0 },
        { kind: "ask", option: 5, attribute: 0 },
      ],
    });
    expect(e.asks).toEqual([{ act: { kind: "ask", option: 1, attribute: 0, to: 1 }, cell: 2 }]);
    expect(replay.seenByTeammate(0, 2)).toBe(true);
    expect(replay.seenByTeammate(1, 2)).toBe(false);
  });

  it("recomputes a posterior only after the agent's evidence changed", () => {
    const replay = new EvidenceReplay(task);
    const first = replay.posterior(0);
    expect(replay.posterior(0)).toBe(first);
    const before = replay.surprisal(0);
    replay.hear({ speaker: 1, acts: [{ kind: "pass" }] });
    expect(replay.surprisal(0)).toBe(before);
    replay.hear({ speaker: 1, acts: [share(1, 0, replay.trueLevel(2)), share(1, 1, replay.trueLevel(3))] });
    expect(replay.surprisal(0)).toBe(
      scratchSurprisal(
        task,
        agentBeliefs(task, 0, [
          { speaker: 1, acts: [share(1, 0, replay.trueLevel(2)), share(1, 1, replay.trueLevel(3))] },
        ]),
      ),
    );
    expect(replay.surprisal(0)).not.toBe(before);
  });
});
