import { describe, expect, it } from "vitest";
import type { HiddenBenchTask } from "./hidden-bench-task";
import { matchScriptedTask } from "./match-scripted-task";

const task = (id: string, description: string, hidden: string[]): HiddenBenchTask => ({
  id,
  name: id,
  description,
  shared_information: [`${id} shared fact`],
  hidden_information: hidden,
  possible_answers: ["x", "y"],
  correct_answer: "x",
});
const a = task("a", "Pick a site\nfor the camp.", ["Alpha floods.", "Bravo is dry.", "Charlie is\n far."]);
const b = task("b", "Pick a supplier.", ["Delta is late.", "Echo is cheap."]);

describe("matchScriptedTask", () => {
  it("finds the task by its description and the held facts by their text, whitespace aside", () => {
    const m = matchScriptedTask([b, a], "Pick a site for   the camp.\nFact 1: a shared fact\nFact 2: Charlie is far.");
    expect(m).toEqual({ task: a, heldFacts: [2], condition: "hidden" });
  });

  it("holding every hidden fact (more than one) is the full condition", () => {
    const m = matchScriptedTask([a, b], "Pick a supplier. Echo is cheap. Delta is late.");
    expect(m?.condition).toBe("full");
    expect(m?.heldFacts).toEqual([0, 1]);
    const single = task("s", "Solo.", ["Only fact."]);
    expect(matchScriptedTask([single], "Solo. Only fact.")?.condition).toBe("hidden");
  });

  it("without the description, the task with the most facts in the message; none matching, undefined", () => {
    expect(matchScriptedTask([a, b], "Delta is late. b shared fact")?.task).toBe(b);
    expect(matchScriptedTask([a, b], "nothing known")).toBeUndefined();
    // a description outweighs any number of facts
    expect(matchScriptedTask([a, b], "Pick a supplier. Alpha floods. Bravo is dry. a shared fact")?.task).toBe(b);
  });
});
