import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { naturalTokens } from "../natural-tokens";
import { bodySubject } from "./body-subject";
import { restaurants } from "./test-sentence";

// fresh43 and fresh44 (session 43): "The panel should hire Candidate C, if you ask me", "The hiring committee should offer
// the role to Candidate B", "Security should detain Employee B" were missed (a body other than the team as subject),
// and consent asked with "would" / "could" ("Would the group be happy going to Restaurant B?", "Could we all agree on
// Candidate C?"). Read by team-proposal.ts with body-subject.ts.
const propose = (option: number) => [{ kind: "propose", option }];
const nothing = [{ kind: "pass" }];
const words = (text: string) => naturalTokens(text).map((t) => t.word);

describe("a body other than the team as the subject of a plan (body-subject.ts)", () => {
  it("measures the body opening the words", () => {
    expect(bodySubject(words("The panel should hire X"), 0)).toBe(2);
    expect(bodySubject(words("Security should detain X"), 0)).toBe(1);
    expect(bodySubject(words("the hiring committee should"), 0)).toBe(3);
    expect(bodySubject(words("our whole selection panel should"), 0)).toBe(4);
    expect(bodySubject(words("the four nice old ladies should"), 0)).toBe(0);
    expect(bodySubject(words("Agent 2's panel should"), 0)).toBe(0);
    expect(bodySubject(words("We should"), 0)).toBe(0);
  });

  it.each([
    ["The panel should eat at Restaurant B, if you ask me.", 1],
    ["The hiring committee should book Restaurant C.", 2],
    ["Security should head to Restaurant A.", 0],
    ["The whole office ought to meet at Restaurant B.", 1],
    ["The judges should pick Restaurant A.", 0],
    ["Would the group be happy going to Restaurant B?", 1],
    ["Would everyone be happy with Restaurant A?", 0],
    ["Could we all agree on Restaurant C?", 2],
    ["Would you all be okay going to Restaurant A?", 0],
    ["Would the team be up for Restaurant B?", 1],
    ["Would Restaurant C suit the committee?", 2],
  ] as const)("proposes from %j", (text, option) => {
    expect(parseNatural(text, restaurants).acts).toEqual(propose(option));
  });

  it.each([
    "The judges should be told about Restaurant A.",
    "The judges should be shown Restaurant A.",
    "The committee should be impressed with Restaurant B.",
    "The board should see Restaurant B's menu.",
    "The panel should interview Restaurant C.",
    "The staff at Restaurant B should be nicer.",
    "The committee should not pick Restaurant A.",
    "The police should look into Restaurant A.",
    "Our group chat mentioned Restaurant C.",
    "Would everyone have been okay with Restaurant A?",
    "Could you all check Restaurant A?",
    "Would anyone be okay with Restaurant B?",
    "Would the team prefer Restaurant A or Restaurant B?",
    "Could we all look again at Restaurant C before deciding?",
    "Would the group have been to Restaurant B before?",
    "Could we all be happy with Restaurant A's service?",
    "Would you book Restaurant A?",
  ])("proposes nothing from %j", (text) => {
    expect(parseNatural(text, restaurants).acts).toEqual(nothing);
  });

  it("a body's plan proposes its option as the team's does, and not with a negation or an alternative (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("The panel", "The hiring committee", "Security", "Our whole department", "The judges"),
        fc.constantFrom("should", "ought to", "must"),
        fc.constantFrom("eat at", "book", "go with", "meet at"),
        fc.constantFrom("", ", in my view", ", if you ask me"),
        (o, body, intent, verb, tail) => {
          const name = options[o] as string;
          expect(parseNatural(`${body} ${intent} ${verb} ${name}${tail}.`, restaurants).acts).toEqual(propose(o));
          const not = parseNatural(`${body} ${intent} not ${verb} ${name}${tail}.`, restaurants).acts;
          expect(not.filter((a) => a.kind === "propose")).toEqual([]);
          const other = options[(o + 1) % options.length] as string;
          const two = parseNatural(`${body} ${intent} ${verb} ${name} or ${other}${tail}.`, restaurants).acts;
          expect(two.filter((a) => a.kind === "propose")).toEqual([]);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });

  it("a consent question opened by would / could proposes its option, not when it asks of the option's attribute (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.constantFrom(
          "Would everyone be happy with",
          "Could we all live with",
          "Would the group be okay with",
          "Could we all settle on",
          "Would you all be fine with",
        ),
        (o, a, lead) => {
          const name = options[o] as string;
          expect(parseNatural(`${lead} ${name}?`, restaurants).acts).toEqual(propose(o));
          const asked = parseNatural(`${lead} ${name}'s ${attributes[a]}?`, restaurants).acts;
          expect(asked.some((x) => x.kind === "propose")).toBe(false);
        },
      ),
      { numRuns: 100, seed: 42 },
    );
  });
});
