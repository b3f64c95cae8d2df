import { mapAnswer } from "@cosir/bayes";
import {
  agentBeliefs,
  decisionModelForTask,
  publicTask,
  randomTask,
  runEpisodes,
  type Observation,
  type Policy,
  type Task,
  type Trace,
} from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { PretrainShapesSchema } from "../config/pretrain-shapes";
import { resolveTrainConfig } from "../config/train-config";
import { shapeTask } from "../rollout/shape-task";
import { teacherFromConfig } from "../teacher/teacher-policy";
import { DECISION_KINDS, choiceSkillsByKind, decisionKind, phasePolicy } from "./choice-skills";

const shapes = PretrainShapesSchema.parse({});
const tasks: Task[] = Array.from({ length: 60 }, (_, k) => shapeTask(shapes, 9_000 + k));
const teacher = teacherFromConfig(resolveTrainConfig({ preset: "shapes" }));
let traces: Trace[] = [];

beforeAll(async () => {
  traces = await runEpisodes(tasks, teacher, { surface: "canonical" });
});

describe("decisionKind", () => {
  it("names each kind from the task's decision, aggregate and weights", () => {
    const t = publicTask(randomTask({ seed: 1, options: 3, attributes: 3 }));
    expect(decisionKind(t)).toBe("sum");
    expect(decisionKind({ ...t, weights: [2, 2, 2] })).toBe("sum");
    expect(decisionKind({ ...t, weights: [1, 2, 1] })).toBe("weighted");
    expect(decisionKind({ ...t, aggregate: "min", weights: [1, 2, 1] })).toBe("min");
    expect(decisionKind({ ...t, decision: { kind: "total", candidates: [3, 7] } })).toBe("total");
  });

  it("meets every kind over the shapes' default draws", () => {
    const seen = new Set(Array.from({ length: 200 }, (_, k) => decisionKind(shapeTask(shapes, k))));
    expect([...seen].sort()).toEqual([...DECISION_KINDS].sort());
  });
});

describe("phasePolicy", () => {
  /** A policy that writes its name and the observation's phase, recording the batches it was given. */
  function recorder(name: string, batches: Observation[][]): Policy {
    return {
      name,
      async act(observations) {
        batches.push([...observations]);
        return observations.map((o) => ({ text: `${name}:${o.phase}:${o.agent}` }));
      },
    };
  }

  it("routes discussion turns to one policy and choices to the other, answers in the batch's order (property)", async () => {
    const talkBatches: Observation[][] = [];
    const chooseBatches: Observation[][] = [];
    const policy = phasePolicy(recorder("talk", talkBatches), recorder("choose", chooseBatches));
    expect(policy.name).toBe("talk+choose");
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("discuss", "choose", "preChoice"), { maxLength: 12 }),
        async (phases) => {
          const obs = phases.map((phase, agent) => ({ phase, agent }) as unknown as Observation);
          const out = await policy.act(obs);
          expect(out.map((a) => a.text)).toEqual(
            phases.map((p, agent) => `${p === "discuss" ? "talk" : "choose"}:${p}:${agent}`),
          );
        },
      ),
    );
    for (const b of talkBatches) for (const o of b) expect(o.phase).toBe("discuss");
    for (const b of chooseBatches) for (const o of b) expect(o.phase).not.toBe("discuss");
  });

  it("refuses a policy that answers a batch with the wrong number of actions", async () => {
    const short: Policy = { name: "short", act: async () => [] };
    const obs = [{ phase: "discuss", agent: 0 } as unknown as Observation];
    await expect(phasePolicy(short, teacher).act(obs)).rejects.toThrow(/short answered 0 of 1/);
  });

  it("plays the teacher's messages with another policy's choices", async () => {
    const silent = scriptedPolicy("silent");
    const mixed = await runEpisodes(tasks.slice(0, 10), phasePolicy(teacher, silent), { surface: "canonical" });
    const bySilent = await runEpisodes(tasks.slice(0, 10), silent, { surface: "canonical" });
    mixed.forEach((tr, k) => {
      expect(tr.messages.map((m) => m.text)).toEqual(traces[k]?.messages.map((m) => m.text));
      // the silent team chooses the MAP of what it sees; with the teacher's shares it may see more, never less
      expect(tr.choices).toHaveLength(bySilent[k]?.choices.length ?? -1);
    });
  });
});

describe("choiceSkillsByKind", () => {
  it("agrees with a direct count of choice = MAP per kind, and the kinds add up to all", () => {
    const s = choiceSkillsByKind(tasks, traces);
    let total = 0;
    for (const kind of DECISION_KINDS) {
      let n = 0;
      let agree = 0;
      traces.forEach((tr, k) => {
        const task = tasks[k] as Task;
        if (decisionKind(task) !== kind) return;
        for (const c of tr.choices) {
          n++;
          const pmf = decisionModelForTask(task).posterior(agentBeliefs(task, c.agent, tr.messages)).pmf;
          if (c.choice === mapAnswer(pmf)) agree++;
        }
      });
      expect(s[kind].choices, kind).toBe(n);
      expect(s[kind].choiceIsMap, kind).toBeCloseTo(n === 0 ? 0 : agree / n, 12);
      total += n;
    }
    expect(s.all.choices).toBe(total);
  });

  it("scores the teacher at its scratchpad's ceiling in every kind", () => {
    const s = choiceSkillsByKind(tasks, traces);
    for (const kind of ["all", ...DECISION_KINDS] as const) {
      if (s[kind].choices === 0) continue;
      expect(s[kind].scratchpad.exact, kind).toBe(1);
      expect(s[kind].choiceIsMap, kind).toBeCloseTo(s[kind].scratchpad.teacherArgmaxIsMap, 12);
    }
  });

  it("falls when the choices are moved off the MAP", () => {
    const moved = traces.map((t, k) => ({
      ...t,
      choices: t.choices.map((c) => ({
        ...c,
        choice: ((c.choice ?? 0) + 1) % decisionModelForTask(tasks[k] as Task).answers,
      })),
    }));
    expect(choiceSkillsByKind(tasks, moved).all.choiceIsMap).toBeLessThan(
      choiceSkillsByKind(tasks, traces).all.choiceIsMap,
    );
  });
});
