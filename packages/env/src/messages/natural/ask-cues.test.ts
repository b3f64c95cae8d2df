import { describe, expect, it } from "vitest";
import { askable, askPairs, hasNumber, requestAt } from "./ask-cues";
import { testSentence } from "./test-sentence";

const pairs = (text: string) => {
  const { s, state } = testSentence(text);
  return askPairs(s, 0, s.to, state).map((p) => [p.option, p.attribute]);
};

describe("ask cues", () => {
  it("names (option, attribute) pairs in every ask order", () => {
    expect(pairs("What is the service of Restaurant A?")).toEqual([[0, 1]]);
    expect(pairs("What are Restaurant B's ambience and service?")).toEqual([
      [1, 2],
      [1, 1],
    ]);
    expect(pairs("What ambience does Restaurant C have?")).toEqual([[2, 2]]);
    expect(pairs("How does Restaurant A do on food quality?")).toEqual([[0, 0]]);
    expect(pairs("The service for Restaurant A and Restaurant B?")).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(pairs("Is the service of Restaurant A or Restaurant B better?")).toEqual([]);
  });

  it("asks only for a value: not about a stated number, a comparison or a negation", () => {
    const ok = (text: string) => {
      const { s } = testSentence(text);
      return askable(s, 0, new Set());
    };
    expect(ok("What is the service of Restaurant A?")).toBe(true);
    expect(ok("Does anyone know the service of Restaurant A?")).toBe(true);
    expect(ok("Does Restaurant A have service 4?")).toBe(false);
    expect(ok("Is Restaurant A better than Restaurant B?")).toBe(false);
    expect(ok("Why isn't the service of Restaurant A known?")).toBe(false);
  });

  it("finds declarative requests and numbers outside agent tags", () => {
    const request = (text: string, word: string) => {
      const { s, at } = testSentence(text);
      return requestAt(s, at(word));
    };
    expect(request("Please tell me the service of Restaurant A.", "tell")).toBe(true);
    expect(request("I'd like to know the service of Restaurant A.", "know")).toBe(true);
    expect(request("I know the service of Restaurant A.", "know")).toBe(false);
    const { s } = testSentence("@agent 2 what is the service of Restaurant A?");
    expect(hasNumber(s, 0, s.to, new Set([0, 1]))).toBe(false);
    expect(hasNumber(s, 0, s.to, new Set())).toBe(true);
  });
});
