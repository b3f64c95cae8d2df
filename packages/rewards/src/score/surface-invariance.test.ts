import {
  type Act,
  generateTask,
  type Observation,
  type Policy,
  renderChoice,
  renderMessage,
  runEpisode,
  type Surface,
} from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreEpisode } from "./score-episode";

const surfaces: readonly Surface[] = ["canonical", "natural", "tool"];

/** Says `turns[t]` at discussion turn t and chooses `choices[agent]`, on whatever surface the env runs. */
function scripted(turns: readonly Act[][], choices: readonly number[]): Policy {
  return {
    name: "scripted",
    act: async (observations: readonly Observation[]) =>
      observations.map((o) => {
        if (o.phase !== "discuss") return { text: renderChoice(choices[o.agent] ?? 0, o.surface, o.task) };
        return { text: renderMessage(turns[o.turn] ?? [], o.surface, o.task) };
      }),
  };
}

const episodeArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    agents: fc.integer({ min: 1, max: 4 }),
    domain: fc.constantFrom("restaurants", "meetingSlots", "manorMystery", "videoCalls", "pantryStock"),
  })
  .chain(({ seed, agents, domain }) => {
    const task = generateTask({ family: "random", seed, agents, domain, rounds: 2 });
    const option = fc.nat(task.options - 1);
    const attribute = fc.nat(task.attributes - 1);
    const act: fc.Arbitrary<Act> = fc.oneof(
      fc.record({
        kind: fc.constant("share" as const),
        option,
        attribute,
        level: fc.integer({ min: task.levels[0], max: task.levels[1] }),
      }),
      fc.record({ kind: fc.constant("ask" as const), option, attribute }),
      fc.record({ kind: fc.constant("ask" as const), option, attribute, to: fc.nat(task.agents - 1) }),
      fc.record({ kind: fc.constant("propose" as const), option }),
      fc.constant({ kind: "pass" as const }),
    );
    const turns = fc.array(fc.array(act, { minLength: 1, maxLength: 3 }), {
      minLength: task.rounds * task.agents,
      maxLength: task.rounds * task.agents,
    });
    const choices = fc.array(fc.nat(task.options - 1), { minLength: task.agents, maxLength: task.agents });
    return fc.tuple(fc.constant(task), turns, choices);
  });

describe("rewards are the same on every surface for the same acts", () => {
  it("canonical, natural and tool surfaces give identical parsed acts, choices and rewards", async () => {
    await fc.assert(
      fc.asyncProperty(episodeArb, async ([task, turns, choices]) => {
        const scored = [];
        for (const surface of surfaces) {
          const trace = await runEpisode(task, scripted(turns, choices), { surface });
          expect(trace.messages.map((m) => m.parseError)).toEqual(trace.messages.map(() => undefined));
          expect(trace.messages.map((m) => m.acts)).toEqual(turns.slice(0, trace.messages.length));
          scored.push({ rewards: scoreEpisode(task, trace), choices: trace.choices.map((c) => c.choice) });
        }
        expect(scored[1]).toEqual(scored[0]);
        expect(scored[2]).toEqual(scored[0]);
      }),
      { numRuns: 40 },
    );
  });
});
