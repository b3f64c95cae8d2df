import { describe, expect, it } from "vitest";
import { agentChoice } from "./agent-choice";

describe("agentChoice", () => {
  it("finds the agent's entry whatever the order, and null when it abstained or is missing", () => {
    const choices = [
      { agent: 2, choice: 1 },
      { agent: 0, choice: null },
      { agent: 1, choice: 0 },
    ];
    expect([0, 1, 2, 3].map((j) => agentChoice(choices, j))).toEqual([null, 0, 1, null]);
  });
});
