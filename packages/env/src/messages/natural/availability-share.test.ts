import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { restaurants } from "./test-sentence";

// the meeting-scheduling task of the corpus: Monday 9am .. Tuesday 11am; Alice's .. Erin's availability; 0..1
const meetings = loadNaturalCorpus().heldOutTasks?.meetings as NaturalTask;
const { options, attributes } = meetings.domain;
const shares = (text: string, task: NaturalTask = meetings) =>
  parseNatural(text, task).acts.filter((a) => a.kind === "share");
const person = (a: number) => (attributes[a] as string).replace(/'s availability$/, "");

describe("availability share: a person's availability said in words (fresh34, fresh37)", () => {
  it("reads free as 1 and busy as 0, with or without 'probably' / 'likely', for every person and slot (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.constantFrom("", "probably ", "likely ", "definitely "),
        fc.constantFrom(["free", 1], ["available", 1], ["busy", 0], ["unavailable", 0]),
        fc.constantFrom("on", "at"),
        (o, a, hedge, [word, level], lead) => {
          const text = `${person(a)} is ${hedge}${word} ${lead} ${options[o]}.`;
          expect(shares(text)).toEqual([{ kind: "share", option: o, attribute: a, level }]);
        },
      ),
      { numRuns: 100, seed: 40 },
    );
  });

  it.each([
    "Bob isn't free on Tuesday 9am.",
    "Bob might be free on Tuesday 9am.",
    "Bob is maybe free on Tuesday 9am.",
    "Agent 2 says Bob is free on Tuesday 9am.",
    "If Bob is free on Tuesday 9am, let's meet.",
    "Bob is free on Tuesday 9am?",
    // a choice between two slots (session 65 reads "free on Tuesday 9am and Monday 2pm" as both)
    "Bob is free on Tuesday 9am or Monday 2pm.",
    "Zed is free on Tuesday 9am.",
  ])("reads nothing from %j", (text) => {
    expect(shares(text)).toEqual([]);
  });

  it("reads nothing on a scale other than 0..1", () => {
    expect(shares("Restaurant A is free on Restaurant B.", restaurants)).toEqual([]);
  });
});
