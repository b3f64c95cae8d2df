import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomTask } from "../generators/random-task";
import { taskAndActsArbitrary } from "../test-support/arbitraries";
import { parseNatural } from "./parse-natural";
import { renderNatural } from "./render-natural";

const task = randomTask({ seed: 1, options: 3, attributes: 4, agents: 3 });

describe("natural surface", () => {
  it("round-trips every valid act list (render -> parse), in every domain", () => {
    fc.assert(
      fc.property(taskAndActsArbitrary, ({ task: t, acts }) => {
        expect(parseNatural(renderNatural(acts, t), t)).toEqual({ acts });
      }),
    );
  });

  it("round-trips inside chatter, with case and white-space changes", () => {
    fc.assert(
      fc.property(
        taskAndActsArbitrary,
        fc.constantFrom("Sure! ", "Okay, here goes:\n", ""),
        ({ task: t, acts }, prefix) => {
          const text = `${prefix}${renderNatural(acts, t).toUpperCase().replace(/ /g, "  \n ")} Thanks, team.`;
          expect(parseNatural(text, t)).toEqual({ acts });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("renders the documented phrasing", () => {
    expect(
      renderNatural(
        [
          { kind: "share", option: 1, attribute: 0, level: 4 },
          { kind: "ask", option: 0, attribute: 1, to: 2 },
          { kind: "propose", option: 1 },
          { kind: "pass" },
        ],
        task,
      ),
    ).toBe(
      "Restaurant B has food quality 4. What is the service of Restaurant A? @Agent 3 I propose Restaurant B. Nothing to add.",
    );
  });

  it("accepts common variants from chat models", () => {
    expect(
      parseNatural(
        "I think **Restaurant B** has a food quality of 4, and what's the service of restaurant a? @agent3",
        task,
      ).acts,
    ).toEqual([
      { kind: "share", option: 1, attribute: 0, level: 4 },
      { kind: "ask", option: 0, attribute: 1, to: 2 },
    ]);
    expect(parseNatural("The ambience of Restaurant C is 2.", task).acts).toEqual([
      { kind: "share", option: 2, attribute: 2, level: 2 },
    ]);
    expect(parseNatural("Let's go: I PROPOSE restaurant c!", task).acts).toEqual([{ kind: "propose", option: 2 }]);
  });

  it.each([
    ["", /no act found/],
    ["I like Restaurant B a lot.", /no act found/],
    ["Restaurant B has food quality 9.", /level 9 out of range/],
    ["What is the service of Restaurant A? @Agent 7", /agent 7 out of range/],
    ["Restaurant Q has food quality 3.", /no act found/],
  ])("rejects %j as PASS with an error", (text, error) => {
    const result = parseNatural(text, task);
    expect(result.acts).toEqual([{ kind: "pass" }]);
    expect(result.error).toMatch(error);
  });
});
