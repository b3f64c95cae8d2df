import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadNaturalCorpus } from "../../../bench/score-natural-corpus.mjs";
import { parseNatural } from "../parse-natural";
import type { NaturalTask } from "./sentence";
import { restaurants, stalls } from "./test-sentence";

// fresh40 (session 41): proposals by what the team does with the option, closed by a tail of no content (", I'd
// say", ", I reckon", ", then", "— they earned it"), or phrased with a source ("restock from X", "should come off
// X"), the speaker's own call ("if it were up to me") or "should go to". Each reads as the same clause without the
// tail would; anything that blocks the clause still blocks it.
const held = loadNaturalCorpus().heldOutTasks;
const pantry = held?.pantry as NaturalTask;
const apartments = held?.apartments as NaturalTask;
const propose = (option: number) => [{ kind: "propose", option }];
const proposals = (text: string, task = restaurants) =>
  parseNatural(text, task).acts.filter((a) => a.kind === "propose");

describe("verbless proposals: closing tails, sources and 'should go to'", () => {
  it.each([
    ["Book a table at Restaurant C, I'd say.", restaurants, 2],
    ["Tonight we eat at Restaurant A, I'd say.", restaurants, 0],
    ["We'll restock from Shelf B, then.", pantry, 1],
    ["We should be stocking up from Shelf A.", pantry, 0],
    ["Our supplies should come off Shelf B, I reckon.", pantry, 1],
    ["We should restock from Shelf A, I reckon.", pantry, 0],
    ["The prize should go to Stall C — they earned it.", stalls, 2],
    ["I'd move into Apartment D tomorrow if it were up to me.", apartments, 3],
    ["Sign the lease on Apartment C, I say.", apartments, 2],
  ] as const)("reads %j as a proposal", (text, task, option) => {
    expect(parseNatural(text, task).acts).toEqual(propose(option));
  });

  it.each([
    ["We should restock Shelf A.", pantry],
    ["We shouldn't restock from Shelf B, then.", pantry],
    ["Agent 2 would restock from Shelf B, I say.", pantry],
    ["We should be stocking up from Shelf A or Shelf B.", pantry],
    ["Restock from Shelf B?", pantry],
    ["Should the prize go to Stall C?", stalls],
    ["The prize should go to Stall C if it sells out.", stalls],
    ["Agent 2 says the prize should go to Stall C — they earned it.", stalls],
    ["I'd move into Apartment D if it were cheaper.", apartments],
  ] as const)("takes no proposal from %j", (text, task) => {
    expect(proposals(text, task)).toEqual([]);
  });

  it("a closing tail leaves the reading as it is without it; a negation or another agent still blocks (property)", () => {
    const { options } = apartments.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(", I'd say", ", I say", ", I reckon", ", then", "", ", I suggest"),
        fc.constantFrom("Sign the lease on", "Put down the deposit on", "We'll rent"),
        (o, tail, lead) => {
          const plain = parseNatural(`${lead} ${options[o]}.`, apartments).acts;
          expect(plain).toEqual(propose(o));
          expect(parseNatural(`${lead} ${options[o]}${tail}.`, apartments).acts).toEqual(plain);
          expect(proposals(`Don't ${lead.toLowerCase()} ${options[o]}${tail}.`, apartments)).toEqual([]);
          expect(proposals(`Agent 2 wants to ${lead.toLowerCase()} ${options[o]}${tail}.`, apartments)).toEqual([]);
          const other = options[(o + 1) % options.length];
          expect(proposals(`${lead} ${options[o]} or ${other}${tail}.`, apartments)).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 41 },
    );
  });
});
