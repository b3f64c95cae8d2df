import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

const { options } = restaurants.domain;
const proposals = (text: string) => parseNatural(text, restaurants).acts.filter((a) => a.kind === "propose");

describe("let's-it proposal: 'let's <verb> it' closing a sentence that names one option (fresh31)", () => {
  it.each([
    ["Honestly, Restaurant A ticks every box for me — let's do it.", 0],
    ["Restaurant C feels right to me, so let's go for it.", 2],
    ["Restaurant B suits everyone; let us run with it.", 1],
    // fresh32: a joining word before "let's", "I say we", the modal that endorses
    ["Restaurant B works best for everyone, so let's take it.", 1],
    ["Restaurant A suits us all, and then let's book it.", 0],
    ["Restaurant C checks all my boxes; I say we go for it.", 2],
    ["We could do worse than Restaurant A — let's lock it.", 0],
    // fresh33 / fresh34 (helper h26h): a negated doubt that endorses, a person pointed to, the speaker's own commitment
    ["We can't go wrong with Restaurant B, so let's settle on it.", 1],
    ["Restaurant C, then — let's name him.", 2],
    ["Restaurant A is the place that works for everyone — I'm going with it.", 0],
    ["Restaurant B suits us all; we'll take it.", 1],
    // fresh36: a place pointed to
    ["Restaurant B has won me over; let's eat there.", 1],
  ])("proposes the option of %j", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "Restaurant A ticks every box for me — let's check it.",
    "Restaurant A looks odd — let's skip it.",
    "If Restaurant A ticks every box, let's do it.",
    "Restaurant A might tick every box — let's do it.",
    "Restaurant A or Restaurant B ticks every box — let's do it.",
    "Restaurant A doesn't tick every box — let's do it.",
    "Restaurant A ticks every box — let's do it?",
    "Restaurant A works best for everyone, so let's skip it.",
    "If Restaurant A works best, so let's take it.",
    "Restaurant A might work best, so let's take it.",
    "We could do better than Restaurant A — let's lock it.",
    "Restaurant A or Restaurant B works, so let's take it.",
    "Restaurant A works best so let's take it.",
    "Agent 2 says we go for it.",
    "Restaurant A checks all my boxes; you say we go for it.",
    "We can't trust Restaurant B, so let's settle on it.",
    "Restaurant C was in the library — let's interview him.",
    "Restaurant C was in the library — let's hear from her.",
    "Restaurant B looks odd; let's check there.",
  ])("proposes nothing from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("proposes exactly the one option named, whatever the choosing verb; a rejecting verb proposes nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("do", "take", "go for", "book", "grab"),
        fc.constantFrom("skip", "drop", "discuss", "revisit", "review"),
        (o, choosing, rejecting) => {
          const lead = `${options[o]} fits what we need —`;
          expect(proposals(`${lead} let's ${choosing} it.`)).toEqual([{ kind: "propose", option: o }]);
          expect(proposals(`${lead} let's ${rejecting} it.`)).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 38 },
    );
  });

  it("a joining word or 'I say we' before the verb proposes the same option as a bare 'let's'; a modal still holds it back (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(", so let's", ", and let's", ", then let's", "; I say we", ", so I say we"),
        fc.constantFrom("take", "book", "go for", "lock"),
        fc.constantFrom("might", "could", "may"),
        (o, opener, verb, modal) => {
          expect(proposals(`${options[o]} suits us best${opener} ${verb} it.`)).toEqual([
            { kind: "propose", option: o },
          ]);
          expect(proposals(`${options[o]} ${modal} suit us best${opener} ${verb} it.`)).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 39 },
    );
  });
});
