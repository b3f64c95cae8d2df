import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

// fresh42 and fresh44 (session 43): the option as the subject of the choice after "should" was missed ("Lady Ashby should
// be charged, I think", "Restaurant D should be where we eat", "Employee E should be the one we report", "Apartment A
// should get our deposit", "Candidate D should get the offer, to my mind"); option-subject-proposal.ts reads three
// shapes, and nothing that only says what the option should do or be.
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("the option as the subject of the choice (option-subject-proposal.ts)", () => {
  it.each([
    ["Restaurant A should be booked, I think.", 0],
    ["Restaurant B should be chosen.", 1],
    ["Restaurant C should be where we eat.", 2],
    ["Restaurant A should be the one we book.", 0],
    ["Restaurant B should be the one that we pick, in my view.", 1],
    ["Restaurant C should be who we pick.", 2],
    ["Restaurant A should get our vote.", 0],
    ["Restaurant B should take the trophy this year.", 1],
    ["Restaurant C should get the booking, to my mind.", 2],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "Restaurant B should really improve its service.",
    "Restaurant B should improve, in my view.",
    "Restaurant A should hear back from us by Friday.",
    "Restaurant A should have been cheaper.",
    "Restaurant B should be charged more.",
    "Restaurant B should be booked out by now.",
    "Restaurant A should be the one we avoid.",
    "Restaurant A should be where we don't go.",
    "Restaurant A should be where we check first.",
    "Restaurant B should be where we eat or Restaurant C.",
    "Restaurant A should be booked if the price is right.",
    "Restaurant C should not get the award.",
    "Restaurant C should get the award, maybe.",
    "Restaurant A's service should be where we start.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("each shape proposes its option, and not when the clause is negated (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("be booked", "be chosen", "be where we eat", "be the one we pick", "get our vote"),
        fc.constantFrom("", ", I think", ", in my view"),
        (o, shape, tail) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} should ${shape}${tail}.`, restaurants).acts).toEqual(propose(o));
          const not = parseNatural(`${name} should not ${shape}${tail}.`, restaurants).acts;
          expect(not.filter((a) => a.kind === "propose")).toEqual([]);
          const cond = parseNatural(`${name} should ${shape} if it has a table.`, restaurants).acts;
          expect(cond.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 100, seed: 42 },
    );
  });
});

// fresh45 and fresh46 (helper h43q): the option as subject in shapes, not phrases, after any modal of obligation
// ("Apartment C should be our new home", "X ought to be the place we rent", "X has to be our pick", "Candidate C should
// be handed the contract", "Restaurant C should host our dinner", "Restaurant F should feed us on Friday").
describe("the option as subject after a modal of obligation, by shape (option-subject-proposal.ts, helper h43q)", () => {
  it.each([
    ["Restaurant C should be our new favourite.", 2],
    ["Restaurant A has to be our pick.", 0],
    ["Restaurant B ought to be the place we eat.", 1],
    ["Restaurant C must be the spot that we book.", 2],
    ["Restaurant A should be offered the booking.", 0],
    ["Restaurant B should be held responsible.", 1],
    ["Restaurant C should host our dinner.", 2],
    ["Restaurant A should feed us on Friday.", 0],
    ["Restaurant B should cater the party.", 1],
    ["Restaurant C needs to host our team lunch.", 2],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "Restaurant A should be our backup.",
    "Restaurant A should be our last resort.",
    "Restaurant B should not host our dinner.",
    "Restaurant C should host our dinner if it is open.",
    "Restaurant C should perhaps host our dinner.",
    "Restaurant B should call us back.",
    "Restaurant B should be told the news.",
    "Restaurant A should be cleaned the day before.",
    "Restaurant A should update the menu.",
    "Restaurant A should improve our evening.",
    "Restaurant C must be the place we avoid.",
    "Restaurant C should host our dinner or Restaurant A.",
    "Agent 2 thinks Restaurant C should host our dinner.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("each shape proposes after any modal; a negation, a hedge or a fact's condition holds it back (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("should", "ought to", "has to", "needs to", "must"),
        fc.constantFrom("be our first choice", "be the place we book", "host our dinner", "feed us tonight"),
        fc.constantFrom("not ", "perhaps "),
        (o, modal, shape, spoiler) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} ${modal} ${shape}.`, restaurants).acts).toEqual(propose(o));
          const spoilt = parseNatural(`${name} ${modal} ${spoiler}${shape}.`, restaurants).acts;
          expect(spoilt.filter((a) => a.kind === "propose")).toEqual([]);
          const held = parseNatural(`${name} ${modal} ${shape} if the price is right.`, restaurants).acts;
          expect(held.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 43 },
    );
  });
});

// helper h44p left fresh50's "Candidate B has to be who gets the offer" (session 45): the option is the one a prize or
// the choice goes to, in a relative clause closing the sentence (prizeRelative).
describe("'be who gets the offer', 'be the one that wins the trophy' (option-subject-proposal.ts)", () => {
  it.each([
    ["Restaurant B has to be who gets the booking.", 1],
    ["Restaurant C should be the one who gets our vote.", 2],
    ["Restaurant A should be who gets booked.", 0],
    ["Restaurant A needs to be the one that wins the prize.", 0],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "Restaurant B should be who gets the blame.",
    "Restaurant B should be who gets fired.",
    "Restaurant B should be who gets booked less often.",
    "Restaurant B should be who gets the booking next year or the one after.",
    "Restaurant B might be who gets the booking.",
    "Agent 2 says Restaurant B should be who gets the booking.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("proposes after any modal with any prize; a negation or a condition holds it back (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("should", "ought to", "has to", "needs to", "must", "has got to"),
        fc.constantFrom(
          "who gets the booking",
          "the one who wins our vote",
          "the one that takes the prize",
          "who gets chosen",
        ),
        (o, modal, shape) => {
          const name = options[o] as string;
          expect(parseNatural(`${name} ${modal} be ${shape}.`, restaurants).acts).toEqual(propose(o));
          const negated = parseNatural(`${name} ${modal} not be ${shape}.`, restaurants).acts;
          expect(negated.filter((a) => a.kind === "propose")).toEqual([]);
          const held = parseNatural(`${name} ${modal} be ${shape} if the price is right.`, restaurants).acts;
          expect(held.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 120, seed: 45 },
    );
  });
});
