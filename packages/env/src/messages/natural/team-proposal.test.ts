import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants } from "./test-sentence";

// fresh41 and fresh42 (session 42): proposals put as the team's plan ("Everyone should meet at Restaurant F, I reckon",
// "We should report Employee E to security") or as a consent question ("Can everyone live with Restaurant C?", "Is
// everybody okay with Restaurant D?") were missed. One option named alone, a team subject with an intent or a team
// word with a consent word, and nothing that makes it less than a plan (team-proposal.ts).
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];

describe("proposals as the team's plan or its consent asked (team-proposal.ts)", () => {
  it.each([
    ["Everyone should meet at Restaurant B, I reckon.", 1],
    ["We should eat at Restaurant C.", 2],
    ["Our group should head to Restaurant A, I feel.", 0],
    ["We ought to book Restaurant B, in my view.", 1],
    ["The team should go to Restaurant C, to my mind.", 2],
    ["Can everyone live with Restaurant A?", 0],
    ["Is everybody okay with Restaurant C?", 2],
    ["Everyone happy with Restaurant B for tonight?", 1],
    ["Does Restaurant A suit everyone?", 0],
    ["Shall we all settle on Restaurant C?", 2],
    ["We'll refill our plates from Restaurant B.", 1],
    // session 43 (fresh44): the team's consent alone closing the plan, as "If nobody objects, I propose X" is read
    ["We should eat at Restaurant A if nobody objects.", 0],
    ["The team should head to Restaurant C unless someone disagrees.", 2],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "We should avoid Restaurant A.",
    "We should not book Restaurant C.",
    "We could try Restaurant C.",
    "We should go to Restaurant A or Restaurant B.",
    "We should ask about Restaurant C.",
    "We went to Restaurant A last week.",
    "We must remember Restaurant B is far.",
    "Everyone liked Restaurant B.",
    "Everyone should try Restaurant C's dessert.",
    "Agent 2 says we should book Restaurant A.",
    "The team should head to Restaurant A if the price is right.",
    "We should eat at Restaurant A if nobody objects to Restaurant B.",
    "We should eat at Restaurant A unless the wait is bad.",
    "Is everyone okay with Restaurant A's prices?",
    "Is everyone fine with skipping Restaurant A?",
    "Does everyone know where Restaurant C is?",
    "Was everyone okay with Restaurant A?",
    "We all agree Restaurant C is noisy?",
    "Should we skip Restaurant B?",
    "Let's move on to Restaurant C.",
    "Let's lock Restaurant A down.",
    "We should refill Restaurant B.",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("a team's plan proposes its option; with a negation, an alternative or a number it proposes nothing (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("We should", "Everyone should", "We ought to", "The team should", "Our group should"),
        fc.constantFrom("eat at", "book", "go with", "head to", "meet at"),
        fc.constantFrom("", ", I reckon", ", in my view", ", I think"),
        fc.constantFrom("not ", "never ", "probably not "),
        (o, subject, verb, tail, spoiler) => {
          const name = options[o] as string;
          expect(parseNatural(`${subject} ${verb} ${name}${tail}.`, restaurants).acts).toEqual(propose(o));
          const [lead, ...rest] = subject.split(" ");
          const spoilt = `${lead} ${rest.join(" ")} ${spoiler}${verb} ${name}${tail}.`;
          expect(parseNatural(spoilt, restaurants).acts.filter((a) => a.kind === "propose")).toEqual([]);
          const other = options[(o + 1) % options.length] as string;
          const two = parseNatural(`${subject} ${verb} ${name} or ${other}${tail}.`, restaurants).acts;
          expect(two.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });

  it("a consent question proposes its option, and an information question with the same words does not (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom(
          "Is everyone okay with",
          "Can everyone live with",
          "Is everybody happy with",
          "Are we all fine with",
        ),
        (o, lead) => {
          const name = options[o] as string;
          expect(parseNatural(`${lead} ${name}?`, restaurants).acts).toEqual(propose(o));
          expect(parseNatural(`${lead} ${name}'s service?`, restaurants).acts.some((a) => a.kind === "propose")).toBe(
            false,
          );
          expect(parseNatural(`${lead} how ${name} did?`, restaurants).acts.some((a) => a.kind === "propose")).toBe(
            false,
          );
        },
      ),
      { numRuns: 60, seed: 42 },
    );
  });
});
