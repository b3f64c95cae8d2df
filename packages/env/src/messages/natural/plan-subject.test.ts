import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { naturalTokens } from "../natural-tokens";
import { planSubject } from "./plan-subject";
import { restaurants } from "./test-sentence";

// fresh45 and fresh46 (session 43, helper h43q): plans whose subject is a body or a part of the team in shapes no list
// named ("My flatmates and I should rent X", "The constable ought to take X in", "The two of us ought to move into X",
// "HR needs to suspend X"), and consent asked by a modal with the team as subject ("Could we all meet at X tonight?",
// "Shall we all back X?", "Would X work for all of you?") were missed. Read by team-proposal.ts with plan-subject.ts.
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];
const words = (text: string) => naturalTokens(text).map((t) => t.word);
const intents = (w: readonly string[]) => (k: number) => (w[k] === "should" ? 1 : 0);

describe("the subject of a plan read by its shape (plan-subject.ts)", () => {
  it("measures the subject opening the words, only before an intent", () => {
    const length = (text: string) => planSubject(words(text), 0, intents(words(text)));
    expect(length("My flatmates and I should")).toBe(4);
    expect(length("The two of us should")).toBe(4);
    expect(length("All five of us should")).toBe(4);
    expect(length("Everyone in the office should")).toBe(4);
    expect(length("The constable should")).toBe(2);
    expect(length("Our interview panel should")).toBe(3);
    expect(length("The kitchen staff should")).toBe(3);
    expect(length("The constable must")).toBe(0);
    expect(length("Perhaps the team should")).toBe(0);
    expect(length("They should")).toBe(0);
    expect(length("The ones they picked should")).toBe(0);
    expect(length("Agent 2 and I should")).toBe(0);
    expect(length("The of us should")).toBe(0);
  });

  it.each([
    ["My flatmates and I should eat at Restaurant B.", 1],
    ["The two of us ought to book Restaurant C.", 2],
    ["All five of us should head to Restaurant A.", 0],
    ["Everyone in the office should go to Restaurant B.", 1],
    ["The constable ought to take Restaurant C in.", 2],
    ["Our interview panel ought to go for Restaurant A.", 0],
    ["Management needs to book Restaurant B for the offsite.", 1],
    ["The detective has to pick Restaurant C.", 2],
    ["Unless anyone objects, the five of us should eat at Restaurant A.", 0],
    ["Could we all meet at Restaurant B tonight?", 1],
    ["Shall we all back Restaurant C?", 2],
    ["Will everyone come along to Restaurant A tonight?", 0],
    ["Could the panel get behind Restaurant B?", 1],
    ["Would Restaurant C work for all of you?", 2],
    ["Are we all agreed on Restaurant A?", 0],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "Perhaps the team should book Restaurant A.",
    "The landlord and I should never eat at Restaurant B.",
    "The two of us ought to book Restaurant C if the price is right.",
    "The two of us should avoid Restaurant A.",
    "The constable should ask about Restaurant B.",
    "Agent 2 and I should book Restaurant A.",
    "If the food is good, the five of us should eat at Restaurant A.",
    "Could we all check Restaurant B first?",
    "Could we all look at Restaurant C before deciding?",
    "Can you book Restaurant A for us?",
    "Would Restaurant C work for any of you?",
    "Could we all eat at Restaurant A or Restaurant B?",
    "Has everyone eaten at Restaurant C before?",
    "Would the group have been to Restaurant B?",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("a body's plan proposes its option; under a negation, a condition or a hedge it proposes nothing (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("My flatmates and I", "The two of us", "All five of us", "The constable", "Our supper club"),
        fc.constantFrom("should", "ought to", "needs to", "has to", "must"),
        fc.constantFrom("eat at", "book", "go with", "head to"),
        fc.constantFrom("not ", "never ", "maybe ", "perhaps "),
        fc.constantFrom("", ", if the price is right", ", assuming it is open"),
        (o, subject, intent, verb, spoiler, condition) => {
          const name = options[o] as string;
          const plan = parseNatural(`${subject} ${intent} ${verb} ${name}${condition}.`, restaurants).acts;
          expect(plan).toEqual(condition === "" ? propose(o) : nothing);
          const spoilt = parseNatural(`${subject} ${intent} ${spoiler}${verb} ${name}.`, restaurants).acts;
          expect(spoilt.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 43 },
    );
  });

  it("a modal question with the team as subject proposes; put to someone else or about the past it does not (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("Could we all", "Shall we all", "Can everyone", "Will everybody", "Could the panel"),
        fc.constantFrom("eat at", "get behind", "meet at", "go for"),
        fc.constantFrom("Has everyone", "Did we all", "Could you"),
        (o, lead, verb, other) => {
          const name = options[o] as string;
          expect(parseNatural(`${lead} ${verb} ${name}?`, restaurants).acts).toEqual(propose(o));
          const asked = parseNatural(`${other} ${verb} ${name}?`, restaurants).acts;
          expect(asked.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 43 },
    );
  });
});

describe("more subjects and openers of a plan (team-proposal.ts, option-subject-proposal.ts, helper h43q)", () => {
  it.each([
    ["Me and my roommates should eat at Restaurant C.", 2],
    ["We really should eat at Restaurant C.", 2],
    ["How about we all eat at Restaurant A?", 0],
    ["Restaurant A should be the venue.", 0],
    ["Restaurant C should be the place for us.", 2],
    ["Restaurant C must be booked.", 2],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "We probably should eat at Restaurant C.",
    "How about we skip Restaurant A?",
    "Restaurant A should be the cheapest.",
    "Restaurant A should be the problem.",
    "Restaurant A should not be the venue.",
    "Restaurant A should be the venue if it is open.",
    "Restaurant C must be booked early.",
    "Restaurant C should be the same.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("'be the <noun>' proposes for a plain noun, never for a superlative or under a negation (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("venue", "winner", "pick", "place"),
        fc.constantFrom("cheapest", "nearest", "loudest"),
        fc.constantFrom("should", "ought to", "has to"),
        (o, noun, superlative, modal) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} ${modal} be the ${noun}.`, restaurants).acts).toEqual(propose(o));
          expect(parseNatural(`${name} ${modal} be the ${superlative}.`, restaurants).acts).toEqual(nothing);
          const negated = parseNatural(`${name} ${modal} not be the ${noun}.`, restaurants).acts;
          expect(negated.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 80, seed: 43 },
    );
  });
});
