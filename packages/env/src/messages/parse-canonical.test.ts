import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { taskAndActsArbitrary } from "../test-support/arbitraries";
import { parseCanonical } from "./parse-canonical";
import { renderCanonical } from "./render-canonical";

const task = randomTask({ seed: 1, options: 3, attributes: 4, agents: 3 });

describe("canonical surface", () => {
  it("round-trips every valid act list (render -> parse)", () => {
    fc.assert(
      fc.property(taskAndActsArbitrary, ({ task: t, acts }) => {
        const text = renderCanonical(acts);
        expect(parseCanonical(text, t)).toEqual({ acts });
        expect(parseCanonical(text)).toEqual({ acts });
      }),
    );
  });

  it("renders the documented grammar", () => {
    expect(
      renderCanonical([
        { kind: "share", option: 1, attribute: 2, level: 4 },
        { kind: "ask", option: 0, attribute: 3, to: 2 },
        { kind: "propose", option: 1 },
      ]),
    ).toBe("SHARE o1 a2 4 ; ASK o0 a3 @2 ; PROPOSE o1");
    expect(renderCanonical([])).toBe("PASS");
    expect(renderCanonical([{ kind: "share", option: 0, attribute: 0, level: -12 }])).toBe("SHARE o0 a0 -12");
  });

  it("is lenient on case and white space only", () => {
    expect(parseCanonical("  share O1 a2 4;pass\n", task)).toEqual({
      acts: [{ kind: "share", option: 1, attribute: 2, level: 4 }, { kind: "pass" }],
    });
    expect(parseCanonical("ASK o0 a3", task).acts).toEqual([{ kind: "ask", option: 0, attribute: 3 }]);
  });

  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["HELLO", /expected SHARE/],
    ["SHARE o1 a2", /expected a level/],
    ["SHARE o1 a2 4 PASS", /expected ";"/],
    ["SHARE o1 a2 4 ;", /expected SHARE/],
    ["SHARE o9 a2 4", /option o9 out of range/],
    ["SHARE o1 a9 4", /attribute a9 out of range/],
    ["SHARE o1 a2 6", /level 6 out of range/],
    ["SHARE o1 a2 04", /expected a level/],
    ["ASK o1 a2 @3", /agent @3 out of range/],
    ["PROPOSE x1", /expected an option/],
    ["SHARE o01 a2 4", /expected an option/],
  ])("rejects %j as PASS with an error", (text, error) => {
    const result = parseCanonical(text, task);
    expect(result.acts).toEqual([{ kind: "pass" }]);
    expect(result.error).toMatch(error);
  });

  it("caps the number of acts", () => {
    expect(parseCanonical(Array(64).fill("PASS").join(" ; ")).error).toBeUndefined();
    expect(parseCanonical(Array(65).fill("PASS").join(" ; ")).error).toMatch(/too many/);
  });
});
