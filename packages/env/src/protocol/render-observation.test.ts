import { parseMessage } from "../messages/parse-message";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hiddenProfileTask } from "../generators/hidden-profile-task";
import { canonicalVocabulary } from "../messages/canonical-vocabulary";
import { taskArbitrary } from "../test-support/arbitraries";
import { CollaborationEnv } from "./collaboration-env";

describe("renderObservation", () => {
  it("canonical text uses only canonical vocabulary words", () => {
    fc.assert(
      fc.property(taskArbitrary, fc.array(fc.string({ maxLength: 20 }), { maxLength: 8 }), (task, texts) => {
        const vocabulary = new Set(
          canonicalVocabulary({ maxOptions: 12, maxAttributes: 10, maxAgents: 5, minNumber: -20, maxNumber: 64 }),
        );
        const env = new CollaborationEnv(task);
        for (const text of texts) {
          if (env.done) break;
          env.step(text.length % 2 === 0 ? `SHARE o0 a0 ${task.levels[1]} ; ASK o0 a0 @0` : text);
        }
        for (let i = 0; i < task.agents; i++) {
          for (const word of env.observe(i).text.split(" ")) expect(vocabulary.has(word)).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("puts own cells before the history and ends with the cue", () => {
    const task = hiddenProfileTask({ seed: 2, preDiscussionChoice: true });
    const env = new CollaborationEnv(task);
    const pre = env.observe(0);
    expect(pre.text.endsWith("BEFORE CHOOSE")).toBe(true);
    for (let i = 0; i < 3; i++) env.step("CHOOSE o0");
    env.step("SHARE o1 a2 4 ; ASK o0 a3 @2");
    env.step("hello");
    const obs = env.observe(2);
    expect(obs.text).toMatch(
      /^AGENT A2 OF 3 OPTIONS 3 ATTRIBUTES 4 LEVELS 1 5 SUM SEE (o\d a\d \d )+HISTORY A0 : SHARE o1 a2 4 ; ASK o0 a3 @2 \| A1 : PASS ROUND 1 OF 2 SAY$/,
    );
    const cells = obs.ownCells.map(([o, a, v]) => `o${o} a${a} ${v}`).join(" ");
    expect(obs.text).toContain(`SEE ${cells} HISTORY`);
    expect(obs.chat).toHaveLength(2);
    expect(obs.chat[0]?.role).toBe("system");
    expect(obs.chat[1]?.content).toContain("Round 1 of 2");
    expect(obs.chat[1]?.content).toContain("A1: (unreadable message)");
  });

  it("on the tool surface carries the tools to call, and shows past messages as natural sentences", () => {
    const task = hiddenProfileTask({ seed: 2 });
    const env = new CollaborationEnv(task, { surface: "tool" });
    const first = env.observe(0);
    expect(first.tools?.map((t) => t.function.name)).toEqual(["share", "ask", "propose", "pass"]);
    expect(first.chat[0]?.content).toMatch(/You are Agent 1/);
    expect(first.chat[0]?.content).toContain("calling the tools");
    env.step(
      '<tool_call>{"name":"share","arguments":{"option":"Restaurant B","attribute":"ambience","level":4}}</tool_call>',
    );
    expect(env.observe(1).chat[1]?.content).toContain("Agent 1: Restaurant B has ambience 4.");
    for (let t = 1; t < 6; t++) env.step("Nothing to add.");
    const choice = env.observe(0);
    expect(choice.tools?.map((t) => t.function.name)).toEqual(["choose"]);
    expect(choice.chat[1]?.content).toMatch(/Answer only with a call to choose\./);
    expect(new CollaborationEnv(task, { surface: "natural" }).observe(0).tools).toBeUndefined();
    expect(new CollaborationEnv(task).observe(0).tools).toBeUndefined();
  });

  it("chat explains the natural phrasing and lists own cells in domain words", () => {
    const task = hiddenProfileTask({ seed: 2, domain: "jobCandidates" });
    const env = new CollaborationEnv(task, { surface: "natural" });
    const obs = env.observe(1);
    expect(obs.chat[0]?.content).toMatch(/You are Agent 2/);
    expect(obs.chat[0]?.content).toContain('"I propose Candidate A."');
    const [o, a, v] = obs.ownCells[0]!;
    expect(obs.chat[1]?.content).toContain(`${task.domain.options[o]} has ${task.domain.attributes[a]} ${v}.`);
    for (let t = 0; t < 6; t++) env.step("Nothing to add.");
    expect(env.observe(0).chat[1]?.content).toMatch(/Answer only with "I choose <name>\."/);
    expect(env.observe(0).text.endsWith("FINAL CHOOSE")).toBe(true);
  });

  it("the natural guidance shows one form per act by example, every one of which parses; guidance: false drops it", () => {
    const task = hiddenProfileTask({ seed: 2, domain: "jobCandidates" });
    const guided = new CollaborationEnv(task, { surface: "natural" }).observe(0).chat[0]?.content ?? "";
    const examples = [...guided.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
    expect(examples.length).toBeGreaterThanOrEqual(5);
    // each quoted form (a fact, a question, a proposal, a pass) is read as exactly one act
    for (const example of examples.filter((e) => !e.startsWith("I choose") && !e.startsWith("@")))
      expect(parseMessage(example, "natural", task).acts).toHaveLength(1);
    expect(guided).toMatch(/<think>/);
    const bare = new CollaborationEnv(task, { surface: "natural", guidance: false }).observe(0).chat[0]?.content ?? "";
    expect(bare).not.toMatch(/has \w+ \d\."|What is the/);
    expect(bare).toContain('"I choose Candidate A."');
    // the guidance is a natural-surface prompt option: the canonical prompt is the same either way
    const canonical = (guidance: boolean) =>
      new CollaborationEnv(task, { surface: "canonical", guidance }).observe(0).chat[0]?.content;
    expect(canonical(false)).toBe(canonical(true));
    expect(() => new CollaborationEnv(task, { guidance: "no" as unknown as boolean })).toThrow(/^guidance:/);
  });

  it("announces weights only when the task does", () => {
    const task = hiddenProfileTask({ seed: 2, weights: [1, 2, 1, 1] });
    expect(new CollaborationEnv(task).observe(0).text).toContain("SUM WEIGHTS 1 2 1 1 SEE");
    expect(new CollaborationEnv(hiddenProfileTask({ seed: 2 })).observe(0).text).not.toContain("WEIGHTS");
  });
});
