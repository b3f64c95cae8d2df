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
});
