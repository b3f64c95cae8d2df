import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calls } from "./test-sentence";
import { parseNatural } from "../parse-natural";

const { options, attributes } = calls.domain;
const acts = (text: string) => parseNatural(text, calls).acts;
const proposals = (text: string) => acts(text).filter((a) => a.kind === "propose");

describe("consent proposal: a choice put to the team as a question (fresh35..fresh37)", () => {
  it.each([
    ["Tuesday morning for the call, agreed?", 3],
    ["Monday noon, everyone good with that?", 1],
    ["Monday evening tonight — any objections?", 2],
    ["Monday noon for the sync, does that work for everyone?", 1],
    ["We book Monday morning, yes?", 0],
    ["Let's go with Monday noon, okay?", 1],
    // a suggestion lead, and "it" pointing back to the one option named before the question
    ["How about we settle on Monday evening?", 2],
    ["Why don't we book Tuesday morning?", 3],
    ["Monday evening works best for the call; shall we go with it?", 2],
  ])("proposes the option of %j", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    // a fact put for confirmation, a tag that asks nothing of the team, a condition, two options, another agent
    "Monday noon has Priya's calendar 2, agreed?",
    "Monday noon, right?",
    "Monday noon for the call, really?",
    "If Lena is free, Monday noon for the call, agreed?",
    "Monday noon or Monday evening for the call, agreed?",
    "Monday noon for Agent 2, agreed?",
    "Monday noon for the call, agreed.",
    "Monday noon or Monday evening; shall we go with it?",
    "Shall we go with it?",
    "What about we check Monday noon?",
  ])("proposes nothing from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("proposes exactly the option before any consent tag, and nothing once the clause names a level (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.constantFrom("", " for the call", " tonight", " for the sync this week", " as our pick"),
        fc.constantFrom(
          "agreed",
          "all agreed",
          "any objections",
          "everyone okay with that",
          "does that work for all",
          "sounds good",
          "deal",
        ),
        fc.constantFrom(", ", " — ", "; "),
        (o, a, qualifier, tag, pause) => {
          expect(proposals(`${options[o]}${qualifier}${pause}${tag}?`)).toEqual([{ kind: "propose", option: o }]);
          expect(proposals(`${options[o]} has ${attributes[a]} 2${pause}${tag}?`)).toEqual([]);
          // not a question: read only where the clause itself chooses ("X as our pick, agreed.", "X, deal.")
          if (qualifier !== "" && !qualifier.includes("pick"))
            expect(proposals(`${options[o]}${qualifier}${pause}${tag}.`)).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 40 },
    );
  });
});

describe("consent proposal: fresh38's consent after a choice and 'can we just'", () => {
  it.each([
    ["Monday noon, final answer, unless someone objects.", 1],
    ["Monday noon, final answer, unless the team objects.", 1],
    ["Can we just go with Tuesday morning?", 3],
    ["Can we book Monday evening?", 2],
  ])("proposes the option of %j", (text, option) => {
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    "Monday noon, final answer, unless Agent 2 objects.",
    "Monday noon, final answer, unless it rains.",
    "Can we check Monday noon?",
    "Can we go with Monday noon or Monday evening?",
    "Can we go with Monday noon if Lena is free?",
  ])("proposes nothing from %j", (text) => {
    expect(proposals(text)).toEqual([]);
  });

  it("'X, final answer' stands with the team's consent after it and falls with anyone named (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("someone", "anyone", "anybody", "the team"),
        fc.constantFrom("objects", "disagrees"),
        fc.nat(2),
        (o, who, verb, agent) => {
          expect(proposals(`${options[o]}, final answer, unless ${who} ${verb}.`)).toEqual([
            { kind: "propose", option: o },
          ]);
          expect(proposals(`${options[o]}, final answer, unless Agent ${agent + 1} ${verb}.`)).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
  });
});
