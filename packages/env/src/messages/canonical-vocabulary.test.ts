import { describe, expect, it } from "vitest";
import { CANONICAL_KEYWORDS } from "./canonical-keywords";
import { canonicalVocabulary } from "./canonical-vocabulary";

describe("canonicalVocabulary", () => {
  it("lists keywords, indices and numbers once each", () => {
    const words = canonicalVocabulary({ maxOptions: 3, maxAttributes: 4, maxAgents: 3, minNumber: -2, maxNumber: 5 });
    expect(new Set(words).size).toBe(words.length);
    expect(words).toEqual(expect.arrayContaining([...CANONICAL_KEYWORDS, "o2", "a3", "@2", "A2", "-2", "0", "5"]));
    expect(words).not.toContain("o3");
    expect(words).not.toContain("6");
  });

  it("names bad bounds", () => {
    expect(() => canonicalVocabulary({ maxOptions: 0 })).toThrow(/^maxOptions:/);
    expect(() => canonicalVocabulary({ minNumber: 5, maxNumber: 1 })).toThrow(/^maxNumber:/);
  });
});
