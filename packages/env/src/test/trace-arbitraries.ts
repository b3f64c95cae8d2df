import fc from "fast-check";
import { generateTask } from "../generators/generate-task";
import { randomTask } from "../generators/random-task";
import { taskFamilies } from "../generators/task-families";
import { answerCount } from "../task/answer-count";
import type { Act, Surface } from "../messages/act";
import { renderChoice } from "../messages/render-choice";
import { renderMessage } from "../messages/render-message";
import { CollaborationEnv } from "../protocol/collaboration-env";
import type { Task } from "../task/task";
import type { Trace } from "../trace/trace";

/** A small task and a trace the protocol produced for it (a whole episode or a prefix), for property tests. */
export interface TaskAndTrace {
  task: Task;
  trace: Trace;
}

const junk = fc.constantFrom("", "hello", "ASK o9 a9", "SHARE o0 a0 99", "CHOOSE", "pass", "???", "ASK ASK");

function actArbitrary(task: Task): fc.Arbitrary<Act> {
  const option = fc.integer({ min: 0, max: task.options - 1 });
  const attribute = fc.integer({ min: 0, max: task.attributes - 1 });
  const level = fc.integer({ min: task.levels[0], max: task.levels[1] });
  return fc.oneof(
    fc.record({ kind: fc.constant("share" as const), option, attribute, level }),
    fc.record({ kind: fc.constant("ask" as const), option, attribute }),
    fc.record({ kind: fc.constant("propose" as const), option }),
    fc.constant({ kind: "pass" as const }),
  );
}

const randomFamilyTask = fc
  .record({
    seed: fc.integer({ min: 0, max: 1_000_000 }),
    options: fc.integer({ min: 2, max: 4 }),
    attributes: fc.integer({ min: 1, max: 3 }),
    agents: fc.integer({ min: 1, max: 4 }),
    rounds: fc.integer({ min: 0, max: 3 }),
    preDiscussionChoice: fc.boolean(),
  })
  .map((size) => randomTask(size));

/** Every registered family at its default size (held-out ones have pre-choices, `total` decisions, 5 agents). */
const familyTask = fc
  .record({ family: fc.constantFrom(...Object.keys(taskFamilies)), seed: fc.integer({ min: 0, max: 1_000_000 }) })
  .map(({ family, seed }) => generateTask({ family, seed }));

/**
 * Drives a CollaborationEnv with generated texts (rendered acts, rendered choices, or junk that fails
 * to parse) for a random number of steps, so every trace is one the protocol produced.
 */
export const validTaskAndTrace: fc.Arbitrary<TaskAndTrace> = fc
  .record({
    task: fc.oneof({ weight: 3, arbitrary: randomFamilyTask }, { weight: 1, arbitrary: familyTask }),
    surface: fc.constantFrom<Surface>("canonical", "natural"),
  })
  .chain(({ task, surface }) => {
    const full = (task.preDiscussionChoice ? 2 : 1) * task.agents + task.rounds * task.agents;
    const message = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(actArbitrary(task), { minLength: 1, maxLength: 3 })
          .map((acts) => renderMessage(acts, surface, task)),
      },
      { weight: 1, arbitrary: junk },
    );
    const choice = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.integer({ min: 0, max: answerCount(task) - 1 }).map((k) => renderChoice(k, surface, task)),
      },
      { weight: 1, arbitrary: junk },
    );
    return fc
      .record({
        steps: fc.integer({ min: 0, max: full }),
        messages: fc.array(message, { minLength: full, maxLength: full }),
        choices: fc.array(choice, { minLength: full, maxLength: full }),
      })
      .map(({ steps, messages, choices }) => {
        const env = new CollaborationEnv(task, { surface });
        for (let s = 0; s < steps && !env.done; s++)
          env.step(env.phase === "discuss" ? (messages[s] as string) : (choices[s] as string));
        return { task, trace: env.trace() };
      });
  });

/** The simpler oracle: replays the trace's texts through CollaborationEnv and compares the protocol's fields. */
export function replayMatches(task: Task, trace: Trace): boolean {
  if (trace.taskId !== task.id || trace.correct !== task.correct) return false;
  const env = new CollaborationEnv(task, { surface: trace.surface });
  const texts = [...trace.preChoices, ...trace.messages, ...trace.choices].map((x) => x.text);
  for (const text of texts) {
    if (env.done) return false;
    env.step(text);
  }
  const replayed = env.trace();
  const strip = (t: Trace) =>
    JSON.stringify({
      pre: t.preChoices.map((c) => [c.agent, c.choice, c.parseError !== undefined]),
      messages: t.messages.map((m) => [
        m.turn,
        m.round,
        m.speaker,
        m.acts.map((a) => [
          a.kind,
          "option" in a ? a.option : null,
          "attribute" in a ? a.attribute : null,
          "level" in a ? a.level : null,
          "to" in a ? (a.to ?? null) : null,
        ]),
        m.parseError !== undefined,
      ]),
      choices: t.choices.map((c) => [c.agent, c.choice, c.parseError !== undefined]),
    });
  if (strip(replayed) !== strip(trace)) return false;
  return trace.teamDecision === null || trace.teamDecision === (env.done ? replayed.teamDecision : teamOf(task, trace));
}

function teamOf(task: Task, trace: Trace): number | null {
  const counts = new Map<number, number>();
  for (let j = 0; j < task.agents; j++) {
    const c = trace.choices[j]?.choice ?? null;
    if (c !== null) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  for (const [answer, n] of counts) if (2 * n > task.agents) return answer;
  return null;
}
