import { randomTask, type Act, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { traceOf } from "./random-episode";

/**
 * Episodes in protocol order (turn t spoken by agent t mod N, a prefix of rounds x N turns) on small random-family
 * tasks (2-3 options x 2 attributes, levels 1..3, 1-3 agents, 1-2 rounds), small enough for brute-force posteriors:
 * true and false shares (some outside the levels), asks with and without an addressee (some naming no agent),
 * repeats and passes, 1-4 acts a message.
 */
export const protocolEpisodeArb: fc.Arbitrary<{ task: Task; trace: Trace }> = fc
  .record({
    seed: fc.integer({ min: 0, max: 100_000 }),
    agents: fc.integer({ min: 1, max: 3 }),
    options: fc.integer({ min: 2, max: 3 }),
    rounds: fc.integer({ min: 1, max: 2 }),
    visibility: fc.constantFrom(0.2, 0.4, 0.7),
  })
  .chain(({ seed, agents, options, rounds, visibility }) => {
    const task = randomTask({
      seed,
      agents,
      options,
      attributes: 2,
      levels: [1, 3],
      rounds,
      visibility,
    });
    const option = fc.nat(task.options - 1);
    const attribute = fc.nat(task.attributes - 1);
    const act: fc.Arbitrary<Act> = fc.oneof(
      {
        arbitrary: fc.record({ kind: fc.constant("share" as const), option, attribute }).map((a) => ({
          ...a,
          level: task.table[a.option]![a.attribute]!,
        })),
        weight: 2,
      },
      fc.record({
        kind: fc.constant("share" as const),
        option,
        attribute,
        level: fc.integer({ min: 1, max: 4 }),
      }),
      { arbitrary: fc.record({ kind: fc.constant("ask" as const), option, attribute }), weight: 3 },
      fc.record(
        { kind: fc.constant("ask" as const), option, attribute, to: fc.integer({ min: 0, max: agents }) },
        { requiredKeys: ["kind", "option", "attribute", "to"] },
      ),
      fc.constant({ kind: "pass" as const }),
    );
    const turns = rounds * agents;
    const messages = fc.array(fc.array(act, { minLength: 1, maxLength: 4 }), { maxLength: turns });
    const choices = fc.array(fc.option(fc.nat(task.options - 1), { nil: null }), {
      minLength: agents,
      maxLength: agents,
    });
    return fc.tuple(messages, choices).map(([ms, cs]) => ({
      task,
      trace: traceOf(
        task,
        ms.map((acts, turn) => ({
          turn,
          round: Math.floor(turn / agents),
          speaker: turn % agents,
          text: "x",
          acts,
        })),
        cs,
      ),
    }));
  });
