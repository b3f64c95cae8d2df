import { describe, expect, it } from "vitest";
import { passAt } from "./pass-cues";
import { testSentence } from "./test-sentence";

const pass = (text: string, word?: string) => {
  const { s, at } = testSentence(text);
  return passAt(s, word === undefined ? 0 : at(word));
};

describe("pass cues", () => {
  it("reads the pass phrases and returns the word after them", () => {
    expect(pass("Nothing to add.")).toBe(3);
    expect(pass("Nothing new from me.")).toBe(4);
    expect(pass("No new information.")).toBe(3);
    expect(pass("That's all I have.")).toBe(5);
    expect(pass("I pass.", "pass")).toBe(2);
    expect(pass("Nothing new on my side.")).toBe(4);
    expect(pass("I don't have any ratings to add.", "any")).toBe(7);
  });

  it("refuses a pass scoped to one thing, 'anything' outside a negation, and 'pass' mid-phrase", () => {
    expect(pass("Nothing new on Restaurant C.")).toBeNull();
    expect(pass("Anything to add?")).toBeNull();
    expect(pass("Let us pass the salt.", "pass")).toBeNull();
    expect(pass("Nothing.")).toBeNull();
  });
});
