import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../bench/score-natural-corpus.mjs";
import { attributeSpellings, ofSpellings } from "./natural-matchers";
import type { NaturalTask } from "./natural/sentence";
import { parseNatural } from "./parse-natural";

// the count-valued pantry task (Shelf A, Shelf B; apples, onions, rice bags; 0..5), as the corpus generates it
const pantry = loadNaturalCorpus().heldOutTasks?.pantry as NaturalTask;

describe("attribute spellings: a two-word count noun named by its head ('bags of rice')", () => {
  it("spells 'rice bags' as 'bags of rice' and 'bag of rice', and leaves other names alone", () => {
    expect(ofSpellings(["rice", "bags"])).toEqual([
      ["bags", "of", "rice"],
      ["bag", "of", "rice"],
    ]);
    expect(ofSpellings(["apples"])).toEqual([]);
    expect(ofSpellings(["badge", "log"])).toEqual([]);
    expect(ofSpellings(["cakes", "sold"])).toEqual([]);
    expect(ofSpellings(["food", "quality"])).toEqual([]);
    expect(ofSpellings(["glass", "dress"])).toEqual([]);
    expect(ofSpellings(["priya's", "calendars"])).toEqual([]);
  });

  it("every 'of' spelling is the head, 'of', the modifier; the name's own spellings keep theirs (property)", () => {
    const word = fc.stringMatching(/^[a-z]{3,8}$/);
    fc.assert(
      fc.property(word, word, (modifier, stem) => {
        const head = `${stem}s`;
        const spellings = ofSpellings([modifier, head]);
        if (stem.endsWith("s")) expect(spellings).toEqual([]);
        else
          expect(spellings).toEqual([
            [head, "of", modifier],
            [stem, "of", modifier],
          ]);
        // a head ending in "ss" has no singular either
        expect(attributeSpellings([modifier, head])).toEqual(
          stem.endsWith("s") ? [] : [[modifier, stem], ...spellings],
        );
      }),
      { numRuns: 100, seed: 40 },
    );
  });

  it.each([
    ["Shelf A has just one bag of rice.", 0, 1],
    ["Shelf B has two bags of rice.", 1, 2],
    ["Shelf A is holding 3 bags of rice.", 0, 3],
  ])("reads the count of %j", (text, option, level) => {
    const attribute = pantry.domain.attributes.indexOf("rice bags");
    expect(parseNatural(text, pantry).acts).toEqual([{ kind: "share", option, attribute, level }]);
  });

  it.each([
    "Shelf A has a bag of rice or two.",
    "Shelf A might have 2 bags of rice.",
    "Agent 2 says Shelf A has 2 bags of rice.",
  ])("reads no count from %j", (text) => {
    expect(parseNatural(text, pantry).acts.filter((a) => a.kind === "share")).toEqual([]);
  });
});
