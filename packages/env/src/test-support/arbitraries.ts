import fc from "fast-check";
import { domainNames } from "../domains/domain-vocabularies";
import { randomTask } from "../generators/random-task";
import type { Act } from "../messages/act";
import type { Task } from "../task/task";

interface TaskBounds {
  options: [number, number];
  attributes: [number, number];
  agents: [number, number];
  /** Range of the lowest level, and of the number of levels above it. */
  lo: [number, number];
  span: [number, number];
  noise: readonly number[];
}

/** Random-family tasks with every size field drawn within `bounds`. */
function boundedTaskArbitrary(bounds: TaskBounds): fc.Arbitrary<Task> {
  const range = ([min, max]: [number, number]) => fc.integer({ min, max });
  return fc
    .record({
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      options: range(bounds.options),
      attributes: range(bounds.attributes),
      agents: range(bounds.agents),
      domain: fc.constantFrom(...domainNames),
      lo: range(bounds.lo),
      span: range(bounds.span),
      rounds: fc.integer({ min: 0, max: 3 }),
      preDiscussionChoice: fc.boolean(),
      noise: fc.constantFrom(...bounds.noise),
    })
    .map(({ lo, span, ...r }) => randomTask({ ...r, levels: [lo, lo + span] }));
}

/** Random tasks across domains, sizes and level ranges (negative and multi-digit levels included). */
export const taskArbitrary: fc.Arbitrary<Task> = boundedTaskArbitrary({
  options: [1, 12],
  attributes: [1, 10],
  agents: [1, 5],
  lo: [-20, 20],
  span: [1, 12],
  noise: [0.01],
});

/** Small tasks (2-3 options, 1-3 attributes, 2-4 levels, 1-4 agents) with noise 0, 0.01 or 0.2, cheap enough to rebuild from scratch. */
export const smallTaskArbitrary: fc.Arbitrary<Task> = boundedTaskArbitrary({
  options: [2, 3],
  attributes: [1, 3],
  agents: [1, 4],
  lo: [-2, 2],
  span: [1, 3],
  noise: [0, 0.01, 0.2],
});

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
