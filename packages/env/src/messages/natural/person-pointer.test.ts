import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { manor } from "./test-sentence";

// fresh40 (session 41): "The evidence points to Lady Ashby; she's my pick", "... implicates Miss Hartley — she's my
// suspect": "she's / he's my <choice noun>" after a pause points back to the one option named before it in the
// sentence, as "that's my vote" does. Two options named, a negation, another owner or a condition: nothing.
const proposals = (text: string) => parseNatural(text, manor).acts.filter((a) => a.kind === "propose");

describe("a person pointed back to as the speaker's pick: 'she's my pick', 'he's our suspect'", () => {
  it.each([
    ["The evidence points to Lady Ashby; she's my pick.", 1],
    ["Everything we've found implicates Miss Hartley — she's my suspect.", 3],
    ["Lord Ashby lied; he's our pick.", 0],
  ])("reads %j as a proposal", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "Lord Ashby and Lady Ashby lied; she's my pick.",
    "Agent 2 thinks it's Lady Ashby; she's their pick.",
    "Lady Ashby is clean; she's not my pick.",
    "She's my pick.",
    "If Lady Ashby lied, she's my pick.",
  ])("takes no proposal from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("the one option named before the pointer is proposed; two named, none (property)", () => {
    const { options } = manor.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(options.length - 2),
        fc.constantFrom("she", "he"),
        fc.constantFrom("pick", "suspect", "choice", "vote", "final answer"),
        fc.constantFrom("; ", " — ", ", "),
        fc.constantFrom("The evidence points to", "Everything implicates", "It all comes back to"),
        (o, shift, who, noun, pause, lead) => {
          const other = (o + 1 + shift) % options.length;
          expect(proposals(`${lead} ${options[o]}${pause}${who}'s my ${noun}.`)).toEqual([
            { kind: "propose", option: o },
          ]);
          expect(proposals(`${lead} ${options[o]} and ${options[other]}${pause}${who}'s my ${noun}.`)).toEqual([]);
          expect(proposals(`${lead} ${options[o]}${pause}${who}'s not my ${noun}.`)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 41 },
    );
  });
});
