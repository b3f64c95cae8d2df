import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  generateTask,
  taskFamilies,
  parseChoice,
  parseMessage,
  renderChoice,
  renderMessage,
  type Act,
  type Observation,
  type Policy,
  type PolicyAction,
  runEpisode,
  TaskSchema,
  type Task,
} from "@cosir/env";
import { heldOutFamilies, heldOutFamilyNames, heldOutFamilyTable, registerHeldOutFamilies } from "./held-out-families";

const names = Object.keys(heldOutFamilies);
const surfaces = ["canonical", "natural"] as const;

/** Shares its own cells one per turn, asks about a cell it does not see, then chooses answer 0. */
const talker: Policy = {
  name: "talker",
  async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
    return observations.map((o) => {
      if (o.phase !== "discuss") return { text: renderChoice(0, o.surface, o.task) };
      const acts: Act[] = [];
      const cell = o.ownCells[o.round % Math.max(1, o.ownCells.length)];
      if (cell !== undefined) acts.push({ kind: "share", option: cell[0], attribute: cell[1], level: cell[2] });
      acts.push({
        kind: "ask",
        option: o.task.options - 1,
        attribute: o.task.attributes - 1,
        to: (o.agent + 1) % o.task.agents,
      });
      return { text: renderMessage(acts, o.surface, o.task) };
    });
  },
};

/** Valid acts but PROPOSE (a total task's answers are candidates, not options). */
function actsFor(task: Task): fc.Arbitrary<Act[]> {
  const option = fc.integer({ min: 0, max: task.options - 1 });
  const attribute = fc.integer({ min: 0, max: task.attributes - 1 });
  const act: fc.Arbitrary<Act> = fc.oneof(
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
    fc.constant({ kind: "pass" as const }),
  );
  return fc.array(act, { minLength: 1, maxLength: 4 });
}

describe("the held-out family table", () => {
  it("generates the held-out tasks @cosir/env's natural corpus keeps as generated (env is below bench)", () => {
    const url = new URL("../../../env/fixtures/natural-corpus-held-out-tasks.json", import.meta.url);
    const { tasks } = JSON.parse(readFileSync(url, "utf8")) as { tasks: Record<string, Task> };
    expect(Object.keys(tasks).length).toBeGreaterThan(0);
    for (const task of Object.values(tasks)) expect(heldOutFamilies[task.family]?.({ seed: task.seed })).toEqual(task);
  });

  it("names every family heldout.<benchmark>, in report order, with one generator each", () => {
    expect(heldOutFamilyNames).toEqual(Object.keys(heldOutFamilies));
    for (const name of heldOutFamilyNames) {
      expect(name).toBe(`heldout.${heldOutFamilyTable[name]?.benchmark}`);
      expect(heldOutFamilies[name]).toBe(heldOutFamilyTable[name]?.generate);
    }
  });

  it("registerHeldOutFamilies adds them to env's taskFamilies (idempotent), and generateTask then finds them", () => {
    const before = new Set(Object.keys(taskFamilies));
    try {
      registerHeldOutFamilies();
      registerHeldOutFamilies();
      for (const name of heldOutFamilyNames) {
        expect(taskFamilies[name]).toBe(heldOutFamilies[name]);
        expect(generateTask({ family: name, seed: 3 })).toEqual(heldOutFamilies[name]?.({ seed: 3 }));
      }
    } finally {
      for (const name of Object.keys(taskFamilies)) if (!before.has(name)) Reflect.deleteProperty(taskFamilies, name);
    }
  });
});

describe.each(names)("%s", (name) => {
  const generate = heldOutFamilies[name] as (o: { seed: number }) => Task;

  it("passes TaskSchema, carries its family name and is byte-reproducible from the seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (seed) => {
        const task = generate({ seed });
        expect(TaskSchema.safeParse(task).success).toBe(true);
        expect(task.family).toBe(name);
        expect(task.seed).toBe(seed);
        expect(JSON.stringify(generate({ seed }))).toBe(JSON.stringify(task));
        expect(new Set(task.visibility.flat()).size).toBe(task.options * task.attributes);
      }),
      { numRuns: 15 },
    );
    expect(JSON.stringify(generate({ seed: 1 }))).not.toBe(JSON.stringify(generate({ seed: 2 })));
  });

  it("draws from at least two domain vocabularies", () => {
    const domains = new Set(Array.from({ length: 24 }, (_, seed) => generate({ seed }).domain.name));
    expect(domains.size).toBeGreaterThanOrEqual(2);
  });

  it("round-trips messages and choices on both surfaces", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }).chain((seed) => {
          const task = generate({ seed });
          return fc.tuple(
            fc.constant(task),
            actsFor(task),
            fc.constantFrom(...surfaces),
            fc.integer({ min: 0, max: 100 }),
          );
        }),
        ([task, acts, surface, k]) => {
          expect(parseMessage(renderMessage(acts, surface, task), surface, task)).toEqual({ acts });
          const answer = k % (task.decision.kind === "total" ? task.decision.candidates.length : task.options);
          expect(parseChoice(renderChoice(answer, surface, task), surface, task)).toEqual({ choice: answer });
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each(surfaces)("plays an episode on the %s surface without parse errors", async (surface) => {
    const task = generate({ seed: 7 });
    const trace = await runEpisode(task, talker, { surface });
    expect(trace.messages).toHaveLength(task.agents * task.rounds);
    expect(trace.messages.every((m) => m.parseError === undefined)).toBe(true);
    expect(trace.messages.some((m) => m.acts.some((a) => a.kind === "share"))).toBe(true);
    expect(trace.choices.every((c) => c.choice === 0)).toBe(true);
    expect(trace.preChoices).toHaveLength(task.agents);
  });
});
