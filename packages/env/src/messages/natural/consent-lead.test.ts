import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

// fresh40 (session 41): the team's consent asked before the option ("Does anyone object to Restaurant B?", "Anyone
// against Restaurant E?", fresh39's "Any objections to Restaurant D?") proposes it, as "Restaurant D — any
// objections?" does; only when the option stands alone after the lead, with qualifier words at most.
const proposals = (text: string) => parseNatural(text, restaurants).acts.filter((a) => a.kind === "propose");
const LEADS = [
  "Any objections to",
  "Objections to",
  "Does anyone object to",
  "Would anybody object to",
  "Anyone against",
  "Is everyone opposed to",
  "Anybody opposed to",
];

describe("consent asked before the option: 'Any objections to X?'", () => {
  it.each([
    ["Any objections to Restaurant C?", 2],
    ["Does anyone object to Restaurant B?", 1],
    ["Anyone against Restaurant A?", 0],
    ["Does anyone object to Restaurant B as our pick?", 1],
  ])("reads %j as a proposal", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "Any objections to Restaurant A or Restaurant B?",
    "Is anyone against Restaurant A, given its service?",
    "Anyone against Restaurant A's service being 2?",
    "Any objections to Restaurant A.",
    "I have objections to Restaurant A?",
  ])("takes no proposal from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("the lead and one option proposes it; two options or an owner propose nothing (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(options.length - 2),
        fc.nat(attributes.length - 1),
        fc.constantFrom(...LEADS),
        (o, shift, a, lead) => {
          const other = options[(o + 1 + shift) % options.length];
          expect(proposals(`${lead} ${options[o]}?`)).toEqual([{ kind: "propose", option: o }]);
          expect(proposals(`${lead} ${options[o]} or ${other}?`)).toEqual([]);
          expect(proposals(`${lead} ${options[o]}'s ${attributes[a]}?`)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 41 },
    );
  });
});
