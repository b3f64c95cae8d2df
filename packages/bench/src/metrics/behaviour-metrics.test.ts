import { hiddenProfileTask, randomTask, runEpisode, type Task, type Trace } from "@cosir/env";
import { scriptedPolicy } from "@cosir/policy";
import { describe, expect, it } from "vitest";
import { behaviourMetrics } from "@cosir/rewards";

function trace(
  task: Task,
  messages: Trace["messages"],
  choices: (number | null)[],
  preChoices: (number | null)[] = [],
): Trace {
  return {
    version: 1,
    taskId: task.id,
    seed: task.seed,
    surface: "canonical",
    preChoices: preChoices.map((choice, agent) => ({ agent, text: String(choice), choice })),
    messages,
    choices: choices.map((choice, agent) => ({ agent, text: String(choice), choice })),
    teamDecision: null,
    correct: task.correct,
  };
}

describe("behaviourMetrics", () => {
  const task = hiddenProfileTask({ seed: 3 });

  it("silent agents disclose nothing, withhold every opportunity and choose their private MAP", async () => {
    const t = await runEpisode(task, scriptedPolicy("silent"));
    const m = behaviourMetrics(task, t);
    expect(m.disclosure.decisive).toBeGreaterThan(0);
    expect(m.disclosure.disclosed).toBe(0);
    expect(m.withholding.withheld).toBe(m.withholding.opportunities);
    expect(m.withholding.opportunities).toBeGreaterThan(0);
    expect(m.askRate).toBe(0);
    expect(m.ignoredInput.eligible).toBe(0);
    // hidden profile: every agent alone is wrong
    expect(m.individualAccuracy).toBe(0);
    expect(m.teamCorrect).toBe(false);
    expect(m.format.rate).toBe(1);
  });

  it("the oracle team discloses decisive cells and is right on a hidden profile", async () => {
    const t = await runEpisode(task, scriptedPolicy("oracle"));
    const m = behaviourMetrics(task, t);
    expect(m.disclosure.disclosed).toBeGreaterThan(0);
    expect(m.teamCorrect).toBe(true);
    expect(m.falseClaims.false).toBe(0);
    expect(m.ignoredInput.ignored).toBe(0);
    expect(m.tokens).toBeGreaterThan(0);
  });

  it("known answer: a false share, an ignored input and a failure to ask", () => {
    const t2 = randomTask({ seed: 11, options: 2, attributes: 2, agents: 2, rounds: 1, visibility: 0 });
    // Rebuild visibility by hand: agent 0 sees cells 0,1 (option 0); agent 1 sees cells 2,3 (option 1).
    const custom: Task = {
      ...t2,
      visibility: [
        [0, 1],
        [2, 3],
      ],
    };
    const [r0, r1] = custom.table as [number[], number[]];
    const messages: Trace["messages"] = [
      // agent 0 shares both its cells truthfully and one false level of a cell it never saw
      {
        turn: 0,
        round: 0,
        speaker: 0,
        text: "x",
        acts: [
          { kind: "share", option: 0, attribute: 0, level: r0[0] as number },
          { kind: "share", option: 0, attribute: 1, level: r0[1] as number },
          { kind: "share", option: 1, attribute: 0, level: r1[0] as number },
        ],
      },
      { turn: 1, round: 0, speaker: 1, text: "PASS", acts: [{ kind: "pass" }] },
    ];
    const m = behaviourMetrics(custom, trace(custom, messages, [0, 0]));
    // the share of a cell agent 0 never saw counts as false whatever its level
    expect(m.falseClaims).toEqual({ shares: 3, false: 1, rate: 1 / 3 });
    expect(m.messages).toBe(2);
    expect(m.askRate).toBe(0);
    // agent 1 heard everything about option 0, so its evidence is complete: its MAP is the truth
    const ownMapOfAgent1IsWrong = m.ignoredInput.eligible === 1;
    if (ownMapOfAgent1IsWrong) expect(m.ignoredInput.ignored).toBe(custom.correct === 0 ? 0 : 1);
  });

  it("pre- and post-discussion accuracy", () => {
    const m = behaviourMetrics(task, trace(task, [], [task.correct, task.correct, null], [null, task.correct, null]));
    expect(m.preAccuracy).toBeCloseTo(1 / 3);
    expect(m.postAccuracy).toBeCloseTo(2 / 3);
    expect(m.teamCorrect).toBe(true);
  });

  it("is a pure function of (task, trace)", async () => {
    const t = await runEpisode(task, scriptedPolicy("greedyShare"));
    expect(behaviourMetrics(task, JSON.parse(JSON.stringify(t)))).toEqual(behaviourMetrics(task, t));
  });
});
