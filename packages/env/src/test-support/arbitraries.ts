import fc from "fast-check";
import { domainNames } from "../domains/domain-vocabularies";
import { randomTask } from "../generators/random-task";
import type { Act } from "../messages/act";
import type { Task } from "../task/task";

/** Random tasks across domains, sizes and level ranges (negative and multi-digit levels included). */
export const taskArbitrary: fc.Arbitrary<Task> = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    options: fc.integer({ min: 1, max: 12 }),
    attributes: fc.integer({ min: 1, max: 10 }),
    agents: fc.integer({ min: 1, max: 5 }),
    domain: fc.constantFrom(...domainNames),
    lo: fc.integer({ min: -20, max: 20 }),
    span: fc.integer({ min: 1, max: 12 }),
    rounds: fc.integer({ min: 0, max: 3 }),
    preDiscussionChoice: fc.boolean(),
  })
  .map((r) =>
    randomTask({
      seed: r.seed,
      options: r.options,
      attributes: r.attributes,
      agents: r.agents,
      domain: r.domain,
      levels: [r.lo, r.lo + r.span],
      rounds: r.rounds,
      preDiscussionChoice: r.preDiscussionChoice,
    }),
  );

/** A valid act for the task. */
export function actArbitrary(task: Task): fc.Arbitrary<Act> {
  const option = fc.integer({ min: 0, max: task.options - 1 });
  const attribute = fc.integer({ min: 0, max: task.attributes - 1 });
  return fc.oneof(
    fc.record({
      kind: fc.constant("share" as const),
      option,
      attribute,
      level: fc.integer({ min: task.levels[0], max: task.levels[1] }),
    }),
    fc.record({ kind: fc.constant("ask" as const), option, attribute }),
    fc.record({
      kind: fc.constant("ask" as const),
      option,
      attribute,
      to: fc.integer({ min: 0, max: task.agents - 1 }),
    }),
    fc.record({ kind: fc.constant("propose" as const), option }),
    fc.constant({ kind: "pass" as const }),
  );
}

/** A task and a non-empty list of valid acts for it. */
export const taskAndActsArbitrary: fc.Arbitrary<{ task: Task; acts: Act[] }> = taskArbitrary.chain((task) =>
  fc.array(actArbitrary(task), { minLength: 1, maxLength: 8 }).map((acts) => ({ task, acts })),
);
