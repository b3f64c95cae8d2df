import { generateTask, teamDecision, type Act, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";

/** A trace of these messages and final choices (one per agent, in agent order), with the given pre-choices. */
export function traceOf(
  task: Task,
  messages: Trace["messages"],
  choices: (number | null)[],
  preChoices: (number | null)[] = [],
): Trace {
  const header = { version: 1, taskId: task.id, seed: task.seed, surface: "canonical", correct: task.correct } as const;
  return {
    ...header,
    preChoices: preChoices.map((choice, agent) => ({ agent, text: "x", choice })),
    messages,
    choices: choices.map((choice, agent) => ({ agent, text: "x", choice })),
    teamDecision: teamDecision(choices),
  };
}

/** The farm: every agent asks for every cell of the table in every message of the protocol, with no choices. */
export function askEveryCellEveryTurn(task: Task): Trace {
  const N = task.agents;
  const all: Act[] = Array.from({ length: task.options * task.attributes }, (_, c) => ({
    kind: "ask",
    option: Math.floor(c / task.attributes),
    attribute: c % task.attributes,
  }));
  const messages = Array.from({ length: task.rounds * N }, (_, turn) => ({
    turn,
    round: Math.floor(turn / N),
    speaker: turn % N,
    text: "x",
    acts: all,
  }));
  return traceOf(task, messages, []);
}

/**
 * Random episodes of random-family tasks: lies, relays, asks (some addressed), passes, parse errors, acts outside
 * the table and now and then a speaker outside the team; random final choices and, half the time, pre-choices.
 */
export const randomEpisodeArb: fc.Arbitrary<{ task: Task; trace: Trace }> = fc
  .record({ seed: fc.integer({ min: 0, max: 100_000 }), agents: fc.integer({ min: 1, max: 4 }) })
  .chain(({ seed, agents }) => {
    const task = generateTask({ family: "random", seed, agents });
    const option = fc.integer({ min: 0, max: task.options });
    const attribute = fc.integer({ min: 0, max: task.attributes - 1 });
    const act: fc.Arbitrary<Act> = fc.oneof(
      fc.record({
        kind: fc.constant("share" as const),
        option,
        attribute,
        level: fc.integer({ min: task.levels[0], max: task.levels[1] + 1 }),
      }),
      fc.record({ kind: fc.constant("ask" as const), option, attribute }),
      fc.record(
        { kind: fc.constant("ask" as const), option, attribute, to: fc.integer({ min: 0, max: agents }) },
        { requiredKeys: ["kind", "option", "attribute", "to"] },
      ),
      fc.constant({ kind: "pass" as const }),
    );
    const message = fc.record({
      speaker: fc.integer({ min: 0, max: agents }),
      acts: fc.array(act, { minLength: 1, maxLength: 3 }),
      broken: fc.boolean(),
    });
    const choice = fc.option(fc.nat(task.options - 1), { nil: null });
    const choices = fc.array(choice, { minLength: agents, maxLength: agents });
    const pre = fc.oneof(fc.constant([] as (number | null)[]), choices);
    return fc.tuple(fc.array(message, { maxLength: 8 }), choices, pre).map(([ms, cs, ps]) => ({
      task,
      trace: traceOf(
        task,
        ms.map((m, turn) => ({
          turn,
          round: 0,
          speaker: m.speaker,
          text: "x",
          acts: m.acts,
          ...(m.broken ? { parseError: "unparseable" } : {}),
        })),
        cs,
        ps,
      ),
    }));
  });
