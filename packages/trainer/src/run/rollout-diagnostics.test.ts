import { generateTask, type Act, type Task, type Trace } from "@cosir/env";
import { scoreEpisode } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rolloutDiagnostics } from "./rollout-diagnostics";

function traceOf(task: Task, messages: { speaker: number; acts: Act[] }[], choices: (number | null)[]): Trace {
  return {
    version: 1,
    taskId: task.id,
    seed: task.seed,
    surface: "canonical",
    preChoices: [],
    messages: messages.map((m, turn) => ({ turn, round: 0, speaker: m.speaker, text: "x", acts: m.acts })),
    choices: choices.map((choice, agent) => ({ agent, text: "x", choice })),
    teamDecision: null,
    correct: task.correct,
  };
}

describe("rolloutDiagnostics", () => {
  it("counts a hand-worked episode", () => {
    const task = generateTask({ family: "random", seed: 3, agents: 3, options: 4, attributes: 2 });
    const level = (o: number, a: number) => task.table[o]![a]!;
    const trace = traceOf(
      task,
      [
        {
          speaker: 0,
          acts: [
            { kind: "share", option: 1, attribute: 0, level: level(1, 0) },
            { kind: "ask", option: 2, attribute: 1 },
          ],
        },
        { speaker: 1, acts: [{ kind: "pass" }] },
        // A repeat of o1 a0 and the answer to agent 0's ask.
        {
          speaker: 2,
          acts: [
            { kind: "share", option: 1, attribute: 0, level: level(1, 0) },
            { kind: "share", option: 2, attribute: 1, level: level(2, 1) },
          ],
        },
        // Asking twice for one cell counts once; this one stays unanswered.
        {
          speaker: 0,
          acts: [
            { kind: "ask", option: 3, attribute: 0 },
            { kind: "ask", option: 3, attribute: 0 },
          ],
        },
      ],
      [0, 1, 2],
    );
    const rewards = scoreEpisode(task, trace);
    const d = rolloutDiagnostics([task], [trace], [rewards]);
    expect(d.counts).toEqual({ shares: 3, messages: 4, asks: 2, agents: 3 });
    expect(d.repeatRate).toBeCloseTo(1 / 3, 12);
    expect(d.passRate).toBeCloseTo(1 / 4, 12);
    expect(d.askAnsweredRate).toBeCloseTo(1 / 2, 12);
    expect(d.choiceMap).toBeCloseTo(rewards.agents.filter((a) => a.choice === a.mapFull).length / 3, 12);
  });

  it("pools episodes: the diagnostics of a batch weigh each episode by its counts (property)", () => {
    const act = (task: Task): fc.Arbitrary<Act> =>
      fc.oneof(
        fc.record({
          kind: fc.constant("share" as const),
          option: fc.nat(task.options - 1),
          attribute: fc.nat(task.attributes - 1),
          level: fc.integer({ min: 1, max: 5 }),
        }),
        fc.record({
          kind: fc.constant("ask" as const),
          option: fc.nat(task.options - 1),
          attribute: fc.nat(task.attributes - 1),
        }),
        fc.constant({ kind: "pass" as const }),
      );
    const episode = fc.integer({ min: 0, max: 10_000 }).chain((seed) => {
      const task = generateTask({ family: "random", seed, agents: 3, options: 3, attributes: 2 });
      const messages = fc.array(
        fc.record({ speaker: fc.nat(2), acts: fc.array(act(task), { minLength: 1, maxLength: 3 }) }),
        {
          maxLength: 6,
        },
      );
      return messages.map((ms) => ({ task, trace: traceOf(task, ms, [0, 1, null]) }));
    });
    fc.assert(
      fc.property(fc.array(episode, { minLength: 1, maxLength: 4 }), (episodes) => {
        const rewards = episodes.map(({ task, trace }) => scoreEpisode(task, trace));
        const all = rolloutDiagnostics(
          episodes.map((e) => e.task),
          episodes.map((e) => e.trace),
          rewards,
        );
        const parts = episodes.map((e, k) => rolloutDiagnostics([e.task], [e.trace], [rewards[k]!]));
        const pooled = (rate: "repeatRate" | "passRate", count: "shares" | "messages") => {
          const d = parts.reduce((s, p) => s + p.counts[count], 0);
          return d === 0 ? 0 : parts.reduce((s, p) => s + p[rate] * p.counts[count], 0) / d;
        };
        expect(all.repeatRate).toBeCloseTo(pooled("repeatRate", "shares"), 9);
        expect(all.passRate).toBeCloseTo(pooled("passRate", "messages"), 9);
        for (const v of [all.repeatRate, all.passRate, all.askAnsweredRate, all.choiceMap]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
