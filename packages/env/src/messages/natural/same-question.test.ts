import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import type { NaturalTask } from "./sentence";
import { acts, ask, calls, share } from "./test-sentence";

const held = loadNaturalCorpus().heldOutTasks as Record<string, NaturalTask>;
const meetings = held.meetings as NaturalTask;
const profile = held.heldoutProfile as NaturalTask;

describe("the same question again (same-question.ts)", () => {
  it("asks the last ask again with the names the sentence gives, to the agent it names (corpus shapes)", () => {
    const first = "Agent 1, what's Carol's availability for Tuesday 9am?";
    const carol = meetings.domain.attributes.indexOf("Carol's availability");
    const erin = meetings.domain.attributes.indexOf("Erin's availability");
    const tuesday = meetings.domain.options.indexOf("Tuesday 9am");
    expect(acts(`${first} Agent 3, same for Erin.`, meetings)).toEqual([ask(tuesday, carol, 0), ask(tuesday, erin, 2)]);
    expect(
      acts("Hey Agent 3 — B's service level, do you have it? Same question for Agent 1 about B's ambience.", profile),
    ).toEqual([ask(1, 1, 2), ask(1, 2, 0)]);
    // the option replaced, the person kept: "same question on Lena, but Monday evening"
    const text = "What's Lena's calendar for Monday noon? Agent 1 — same question on Lena, but Monday evening.";
    expect(acts(text, calls)).toEqual([ask(1, 2), ask(2, 2, 0)]);
  });

  it("gives nothing without an ask before it, with a level, another question or words besides the names", () => {
    expect(acts("Restaurant B's service is 4. Agent 1, same for ambience.", profile)).toEqual([share(1, 1, 4)]);
    const first = "Agent 3, what's B's service?";
    for (const second of [
      "Same here: B's ambience is 4.",
      "Agent 1, same for B's ambience, which I think is 4.",
      "Same for ambience, though I doubt anyone has it.",
      "Agent 1 and Agent 2, same for ambience.",
    ])
      expect(acts(`${first} ${second}`, profile)).not.toContainEqual(
        expect.objectContaining({ kind: "ask", attribute: 2 }),
      );
  });
});
