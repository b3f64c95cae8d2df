import { describe, expect, it } from "vitest";
import { LevelRangeError } from "./level-range-error";
import { agentTag, questionStart, sentenceAddress } from "./sentence-address";
import { restaurants, testSentence } from "./test-sentence";

describe("sentence address", () => {
  it("reads agent tags as 0-based agents and refuses one outside the team", () => {
    expect(agentTag(["@agent", "2"], 0, restaurants)).toEqual({ to: 1, end: 2 });
    expect(agentTag(["@agent3"], 0, restaurants)).toEqual({ to: 2, end: 1 });
    expect(agentTag(["@1"], 0, restaurants)).toEqual({ to: 0, end: 1 });
    expect(agentTag(["@agent0"], 0, restaurants)).toBeNull();
    expect(agentTag(["agent", "2"], 0, restaurants)).toBeNull();
    expect(() => agentTag(["@9"], 0, restaurants)).toThrow(LevelRangeError);
  });

  it("starts the question part at the last clause opening with a question word", () => {
    const q = testSentence("Restaurant A has service 4, but what is its ambience?");
    // "but" leads into the question clause
    expect(questionStart(q.s, 0)).toBe(q.at("but"));
    const plain = testSentence("Restaurant A has service 4.");
    expect(questionStart(plain.s, 0)).toBe(plain.s.to);
  });

  it("addresses a sentence by a tag anywhere, 'Agent n,' opening it, or 'Could Agent n ...'", () => {
    const address = (text: string) => {
      const { s } = testSentence(text);
      const { to, tagged } = sentenceAddress(s, 0, questionStart(s, 0), restaurants);
      return { to, tagged: [...tagged] };
    };
    expect(address("What is the service of Restaurant A @agent 2?")).toEqual({ to: 1, tagged: [7, 8] });
    expect(address("Agent 3, what is the service of Restaurant A?")).toEqual({ to: 2, tagged: [0, 1] });
    expect(address("Could Agent 1 tell us the service of Restaurant A?")).toEqual({ to: 0, tagged: [1, 2] });
    expect(address("What is the service of Restaurant A?")).toEqual({ to: undefined, tagged: [] });
  });
});
