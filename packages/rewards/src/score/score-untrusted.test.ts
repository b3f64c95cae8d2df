import { BudgetExceededError } from "@cosir/bayes";
import { CollaborationEnv, generateTask, TraceProtocolError, type Task, type Trace } from "@cosir/env";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cosirPreset, rewardConfig } from "../config/reward-config";
import { scoreEpisode } from "./score-episode";
import { scoreEpisodeCost } from "./score-episode-cost";

/** A whole episode of `task` driven with texts drawn from `texts` (canonical surface). */
function episode(task: Task, texts: readonly string[]): Trace {
  const env = new CollaborationEnv(task, { surface: "canonical" });
  let k = 0;
  while (!env.done) env.step(texts[k++ % texts.length] as string);
  return env.trace();
}

const sixTurn = () => generateTask({ family: "random", seed: 3, options: 3, attributes: 3, agents: 3, rounds: 2 });

describe("scoreEpisode({untrusted: true})", () => {
  it("gives today's numbers for every trace the protocol produces (relation)", () => {
    const text = fc.constantFrom(
      "ASK o0 a1",
      "SHARE o1 a2 3",
      "PASS",
      "CHOOSE o1",
      "CHOOSE o0",
      "junk",
      "SHARE o0 a0 1 ASK o2 a2",
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(text, { minLength: 1, maxLength: 12 }),
        (seed, texts) => {
          const task = generateTask({ family: "random", seed, options: 3, attributes: 3, agents: 3, rounds: 2 });
          const trace = episode(task, texts);
          expect(scoreEpisode(task, trace, cosirPreset, { untrusted: true })).toEqual(scoreEpisode(task, trace));
        },
      ),
    );
  });

  it("refuses 1,000 ASKs on a 6-turn task that the trusted path would score 100x higher", () => {
    const task = sixTurn();
    const trace = episode(task, ["ASK o0 a0", "CHOOSE o0"]);
    const forged = structuredClone(trace);
    forged.messages = Array.from({ length: 1000 }, (_, t) => ({
      turn: t,
      round: Math.floor(t / 3),
      speaker: t % 3,
      text: "ASK o0 a0",
      acts: Array.from({ length: 3 }, (_, a) => ({ kind: "ask" as const, option: 0, attribute: a })),
    }));
    expect(() => scoreEpisode(task, forged, cosirPreset, { untrusted: true })).toThrow(TraceProtocolError);
    expect(() => scoreEpisode(task, forged, cosirPreset, { untrusted: true })).toThrow(/^trace\.messages\.length: /);
  });

  it("refuses extra votes from agents that do not exist, and never counts a missing vote as a majority", () => {
    const task = sixTurn();
    const wrong = `CHOOSE o${(task.correct + 1) % 3}`;
    const trace = episode(task, ["PASS", wrong]);
    expect(scoreEpisode(task, trace).teamCorrect).toBe(false);
    const forged = structuredClone(trace);
    for (let k = 3; k < 10; k++)
      forged.choices.push({ agent: k, text: `CHOOSE o${task.correct}`, choice: task.correct });
    expect(() => scoreEpisode(task, forged, cosirPreset, { untrusted: true, field: "body.trace" })).toThrow(
      /^body\.trace\.choices\.length: expected at most 3 final choices/,
    );
    // A prefix with one right vote of three is no majority once the protocol counts every agent.
    const prefix = structuredClone(trace);
    prefix.choices = [{ agent: 0, text: `CHOOSE o${task.correct}`, choice: task.correct }];
    expect(scoreEpisode(task, prefix, cosirPreset, { untrusted: true }).teamCorrect).toBe(false);
  });

  it("refuses a trace over the budget before scoring it, naming the estimate", () => {
    const task = sixTurn();
    const trace = episode(task, ["SHARE o0 a0 1 ASK o1 a1", "CHOOSE o0"]);
    const cost = scoreEpisodeCost(task, trace);
    expect(cost).toBeGreaterThan(0);
    expect(cost).toBeLessThanOrEqual(scoreEpisodeCost(task));
    expect(() => scoreEpisode(task, trace, cosirPreset, { budget: cost - 1 })).toThrow(BudgetExceededError);
    expect(scoreEpisode(task, trace, cosirPreset, { budget: cost })).toEqual(scoreEpisode(task, trace));
  });

  it("estimates more for more asks and more shares (relation)", () => {
    const task = sixTurn();
    const quiet = episode(task, ["PASS", "CHOOSE o0"]);
    const asking = episode(task, ["ASK o0 a0", "CHOOSE o0"]);
    const sharing = episode(task, ["SHARE o0 a0 1", "CHOOSE o0"]);
    expect(scoreEpisodeCost(task, asking)).toBeGreaterThan(scoreEpisodeCost(task, quiet));
    expect(scoreEpisodeCost(task, sharing)).toBeGreaterThan(scoreEpisodeCost(task, asking));
  });
});

describe("rewardConfig names", () => {
  it("looks presets up among the registry's own keys only", () => {
    for (const name of ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf"]) {
      expect(() => rewardConfig(name)).toThrow(/^preset: expected one of cosir, outcomeOnly/);
      expect(() => rewardConfig({ preset: name })).toThrow();
    }
    expect(rewardConfig("cosir")).toBe(cosirPreset);
  });
});
