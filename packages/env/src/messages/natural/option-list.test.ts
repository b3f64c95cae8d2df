import { describe, expect, it } from "vitest";
import { alternative, optionList } from "./option-list";
import { testSentence } from "./test-sentence";

describe("optionList", () => {
  it("joins options with 'and' and commas before a closing 'and'", () => {
    const { s, state } = testSentence("Restaurant A, Restaurant B and Restaurant C have service 3.");
    expect(optionList(s, 0, s.to, state)).toEqual({ options: [0, 1, 2], end: 7 });
  });

  it("does not join by a comma alone ('Unlike A, B has ...'), and stops at `end`", () => {
    const { s, state } = testSentence("Restaurant A, Restaurant B has service 3.");
    expect(optionList(s, 0, s.to, state)).toEqual({ options: [0], end: 2 });
    expect(optionList(s, 0, 1, state)).toBeNull();
  });

  it("knows an option offered as an alternative", () => {
    const { s, state, at } = testSentence("either Restaurant A or Restaurant B.");
    const list = optionList(s, at("restaurant"), s.to, state)!;
    expect(alternative(s, at("restaurant"), list.end)).toBe(true);
    const plain = testSentence("Restaurant A has service 3.");
    expect(alternative(plain.s, 0, 2)).toBe(false);
  });
});
