import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import { countPhraseAt } from "./count-phrases";
import type { NaturalTask } from "./sentence";
import { share, stalls, testSentence } from "./test-sentence";

// fresh40 (session 41): counts in words around the counted noun, "a single / a lone rice bag" (1), "not a single
// onion", "not one apple", "out of apples", "no rice bags left" (0), on a scale from 0 with the attribute right after.
const pantry = loadNaturalCorpus().heldOutTasks?.pantry as NaturalTask;
const shares = (text: string, task = pantry) => parseNatural(text, task).acts.filter((a) => a.kind === "share");

describe("count phrases: 'a single', 'a lone', 'not a single', 'out of', 'no ... left'", () => {
  it("finds the phrase and its attribute, and nothing on a scale that does not start at 0", () => {
    const { s, state, at } = testSentence("A lone apple sits on Shelf A.", pantry);
    expect(countPhraseAt(s, at("a"), s.to, state)).toEqual({ value: 1, attribute: 0, end: at("apple") + 1 });
    const off = testSentence("Stall A is out of cakes sold.", stalls);
    expect(countPhraseAt(off.s, off.at("out"), off.s.to, off.state)).toBeNull();
  });

  it.each([
    ["Just a single rice bag on Shelf A.", share(0, 2, 1)],
    ["A lone apple sits on Shelf A.", share(0, 0, 1)],
    ["Not a single rice bag left on Shelf A.", share(0, 2, 0)],
    ["Not one onion on Shelf B.", share(1, 1, 0)],
    ["Shelf A is out of apples.", share(0, 0, 0)],
    ["Shelf B has run out of onions.", share(1, 1, 0)],
    ["There are no rice bags left on Shelf B.", share(1, 2, 0)],
  ])("reads %j", (text, act) => {
    expect(parseNatural(text, pantry).acts).toEqual([act]);
  });

  it.each([
    "Not a single rice bag on Shelf A or Shelf B.",
    "If Shelf A is out of apples, restock.",
    "Agent 2 says Shelf A is out of apples.",
    "Shelf A might be out of apples.",
    "Is Shelf A out of apples?",
    "Shelf A isn't out of apples.",
  ])("takes no share from %j", (text) => {
    expect(shares(text)).toEqual([]);
  });

  it("each phrase gives its count for any shelf and item; a report or two shelves give none (property)", () => {
    const { options, attributes } = pantry.domain;
    const singular = (name: string) => name.replace(/s$/, "");
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.constantFrom(
          { say: (a: string, o: string) => `A single ${singular(a)} on ${o}.`, value: 1 },
          { say: (a: string, o: string) => `A lone ${singular(a)} sits on ${o}.`, value: 1 },
          { say: (a: string, o: string) => `Not a single ${singular(a)} left on ${o}.`, value: 0 },
          { say: (a: string, o: string) => `${o} is out of ${a}.`, value: 0 },
          { say: (a: string, o: string) => `There are no ${a} left on ${o}.`, value: 0 },
        ),
        (o, a, phrase) => {
          const text = phrase.say(attributes[a] as string, options[o] as string);
          expect(parseNatural(text, pantry).acts).toEqual([share(o, a, phrase.value)]);
          expect(shares(`Agent 2 says ${text.charAt(0).toLowerCase()}${text.slice(1)}`)).toEqual([]);
          const both = text.replace(options[o] as string, `${options[o]} or ${options[1 - o]}`);
          expect(shares(both)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 41 },
    );
  });
});
