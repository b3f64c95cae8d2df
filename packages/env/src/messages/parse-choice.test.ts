import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { taskArbitrary } from "../test-support/arbitraries";
import { parseChoice } from "./parse-choice";
import { renderChoice } from "./render-choice";

const task = randomTask({ seed: 1, options: 3 });

describe("choices", () => {
  it("round-trip on both surfaces", () => {
    fc.assert(
      fc.property(
        taskArbitrary,
        fc.constantFrom("canonical" as const, "natural" as const, "tool" as const),
        fc.nat(),
        (t, surface, k) => {
          const answer = k % t.options;
          expect(parseChoice(renderChoice(answer, surface, t), surface, t)).toEqual({ choice: answer });
        },
      ),
    );
  });

  it("round-trip for multiple-choice total tasks", () => {
    const total = { ...task, decision: { kind: "total" as const, candidates: [12, 15, 17] } };
    for (const surface of ["canonical", "natural", "tool"] as const) {
      for (let k = 0; k < 3; k++)
        expect(parseChoice(renderChoice(k, surface, total), surface, total)).toEqual({ choice: k });
    }
    expect(renderChoice(1, "natural", total)).toBe("I choose total 15.");
  });

  it("renders the documented forms", () => {
    expect(renderChoice(2, "canonical", task)).toBe("CHOOSE o2");
    expect(renderChoice(1, "natural", task)).toBe("I choose Restaurant B.");
    expect(() => renderChoice(3, "canonical", task)).toThrow(/^answer:/);
  });

  it("parses lenient natural choices; the last stated choice wins", () => {
    expect(parseChoice("Restaurant A looked good, but my final answer is Restaurant C.", "natural", task)).toEqual({
      choice: 2,
    });
    expect(parseChoice("I choose Restaurant A. Actually, I choose Restaurant B", "natural", task)).toEqual({
      choice: 1,
    });
    expect(parseChoice("restaurant c", "natural", task)).toEqual({ choice: 2 });
    expect(parseChoice("Restaurant A or Restaurant B?", "natural", task).choice).toBeNull();
    expect(parseChoice("no idea", "natural", task)).toMatchObject({
      choice: null,
      error: expect.stringMatching(/no choice/),
    });
  });

  it("parses canonical choices strictly", () => {
    expect(parseChoice("choose o1", "canonical", task)).toEqual({ choice: 1 });
    expect(parseChoice("o2", "canonical", task)).toEqual({ choice: 2 });
    expect(parseChoice("CHOOSE o3", "canonical", task).error).toMatch(/out of range/);
    expect(parseChoice("CHOOSE", "canonical", task).choice).toBeNull();
    expect(parseChoice("CHOOSE o1 please", "canonical", task).choice).toBeNull();
  });
});
