import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { manor } from "./test-sentence";

const { options } = manor.domain;
const proposals = (text: string) => parseNatural(text, manor).acts.filter((a) => a.kind === "propose");

describe("must-be proposal: the speaker's conclusion naming the answer, in two closed shapes (fresh35, fresh36)", () => {
  it.each([
    ["It has to be Doctor Finch.", 2],
    ["The culprit must be Lady Ashby.", 1],
    ["It's got to be Miss Hartley.", 3],
    ["Lord Ashby is the one who did it.", 0],
    ["Lady Ashby must be the one who took it.", 1],
  ])("proposes the option of %j", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "It can't be Doctor Finch.",
    "Agent 2 thinks it has to be Doctor Finch.",
    "It has to be Doctor Finch or Lady Ashby.",
    "If it has to be Doctor Finch, fine.",
    "It has to be Doctor Finch?",
    "Lord Ashby is the one who saw it.",
    "Lord Ashby isn't the one who did it.",
    "Doctor Finch's library key has to be 1.",
  ])("proposes nothing from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("'It has to be X. I'm naming her.' proposes X once", () => {
    expect(proposals("It has to be Miss Hartley. I'm naming her.")).toEqual([{ kind: "propose", option: 3 }]);
  });

  it("proposes exactly the option named in either shape, and nothing once another option follows (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(options.length - 1),
        fc.constantFrom("It has to be", "The thief must be", "It's got to be", "The culprit has got to be"),
        (o, other, lead) => {
          expect(proposals(`${lead} ${options[o]}.`)).toEqual([{ kind: "propose", option: o }]);
          expect(proposals(`${options[o]} is the one who did it.`)).toEqual([{ kind: "propose", option: o }]);
          if (other !== o) expect(proposals(`${lead} ${options[o]} or ${options[other]}.`)).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 39 },
    );
  });
});
