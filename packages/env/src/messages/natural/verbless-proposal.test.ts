import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants, testSentence } from "./test-sentence";
import { verblessProposal } from "./verbless-proposal";

const verbless = (text: string) => {
  const { s, state } = testSentence(text, restaurants);
  return verblessProposal(s, 0, s.to, state);
};
const proposals = (text: string) => {
  const result = parseNatural(text, restaurants);
  return result.error === undefined ? result.acts.filter((a) => a.kind === "propose") : [];
};

describe("verbless proposal: one option in a short clause of the speaker's, nothing else the task knows (fresh28, fresh29)", () => {
  it.each([
    ["Restaurant A is where my heart is.", 0],
    ["Sign me up for Restaurant C.", 2],
    ["I'm all in on Restaurant C.", 2],
    ["Restaurant B is who I'm rooting for.", 1],
    ["Restaurant B gets my yes.", 1],
    ["Restaurant C gets the nod from me.", 2],
    ["We're taking Restaurant A.", 0],
    ["Restaurant B, my final word.", 1],
    ["Book us in for Restaurant C.", 2],
    ["Hire Restaurant A.", 0],
    ["Send the volunteers to Restaurant B.", 1],
    ["Restaurant C, all the way.", 2],
    ["Restaurant A is home, as far as I'm concerned.", 0],
    ["Count my ballot toward Restaurant C.", 2],
    ["Charge Restaurant B.", 1],
    ["The trophy goes to Restaurant C.", 2],
    ["Restaurant A deserves the offer letter.", 0],
    ["Restaurant B is the hire, full stop.", 1],
  ])("reads %j as a proposal of option %i", (text, option) => {
    expect(verbless(text)).toBe(option);
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    // work, study and feelings about an option
    "Let's look at Restaurant A first.",
    "Let's discuss Restaurant C.",
    "I visited Restaurant A.",
    "I'm handling Restaurant C.",
    "I'm focusing on Restaurant A.",
    "I'm covering Restaurant B.",
    "I'm on Restaurant A.",
    "I'm in charge of Restaurant B.",
    "I'm stuck on Restaurant A.",
    "I'm skeptical of Restaurant A.",
    "Restaurant A confuses me.",
    "Restaurant B is my responsibility.",
    "Restaurant C is on my radar.",
    "Keep Restaurant B in mind.",
    "Loop me in on Restaurant A.",
    "Let me check Restaurant B.",
    // turning from an option
    "Skip Restaurant B.",
    "Avoid Restaurant C.",
    "Drop Restaurant B.",
    "Restaurant A is a hard pass for me.",
    "Restaurant B is a no-go for me.",
    "Restaurant A is off the table for me.",
    // order, praise, greetings, fragments
    "Let's move on to Restaurant C.",
    "Back to Restaurant B.",
    "Great point on Restaurant B.",
    "Thanks for Restaurant A.",
    "Hmm, Restaurant A.",
    "Restaurant A, please.",
    "Restaurant B: unknown.",
    "Restaurant A got the award last year.",
    "Restaurant A has a job opening.",
    // anything else the task knows, another person, a doubt, a question
    "I'm all in on Restaurant C's service.",
    "I'm all in on Restaurant C for service.",
    "Sign me up for Restaurant A at 4.",
    "Agent 2 is all in on Restaurant C.",
    "I'm maybe all in on Restaurant C.",
    "Sign me up for Restaurant C?",
    "Sign me up for Restaurant A and Restaurant C.",
  ])("takes nothing from %j", (text) => {
    expect(verbless(text)).toBeNull();
    expect(proposals(text)).toEqual([]);
  });

  it("takes nothing from a long sentence", () => {
    expect(
      verbless("After the long back and forth over the whole evening we are all in on Restaurant C here."),
    ).toBeNull();
  });

  // property: a generated verbless choice proposes exactly its option (oracle: the generator's own option); an
  // attribute, a level, another agent or a blocking word anywhere in it leaves nothing
  const templates = [
    (o: string) => `I'm all in on ${o}.`,
    (o: string) => `${o} is where my heart is.`,
    (o: string) => `Sign me up for ${o}.`,
    (o: string) => `${o} gets my yes.`,
    (o: string) => `We're taking ${o}.`,
    (o: string) => `Book us in for ${o}.`,
  ];
  const choices = fc.record({
    option: fc.integer({ min: 0, max: 2 }),
    template: fc.integer({ min: 0, max: templates.length - 1 }),
  });
  const text = (c: { option: number; template: number }) =>
    (templates[c.template] as (o: string) => string)(restaurants.domain.options[c.option] as string);

  it("reads a generated verbless choice as exactly its option (property)", () => {
    fc.assert(
      fc.property(choices, (c) => {
        expect(verbless(text(c))).toBe(c.option);
        expect(proposals(text(c))).toEqual([{ kind: "propose", option: c.option }]);
      }),
      { numRuns: 120, seed: 29 },
    );
  });

  it("takes nothing once an attribute, a level, another agent or a doubt stands anywhere in it (property)", () => {
    const extras = [
      ...restaurants.domain.attributes,
      "3",
      "four",
      "Agent 2",
      "not",
      "maybe",
      "if",
      "skip",
      "checked",
      "first",
      "you",
    ];
    fc.assert(
      fc.property(choices, fc.constantFrom(...extras), fc.nat(), (c, extra, at) => {
        const words = text(c).split(" ");
        // before the last word, so that the extra stays in the sentence
        words.splice(at % words.length, 0, extra);
        expect(verbless(words.join(" "))).toBeNull();
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});

describe("verbless proposal: phrases of choosing whose words alone would block (fresh30)", () => {
  it.each([
    ["Put Restaurant A at the top of our list.", 0],
    ["Restaurant B has my full backing.", 1],
    ["Restaurant C has our support.", 2],
    ["Bring on Restaurant A.", 0],
    ["Restaurant B suits me down to the ground.", 1],
    ["Reserve a table at Restaurant C.", 2],
    ["Move us into Restaurant A.", 0],
    ["Restaurant B, if you ask me.", 1],
    ["Restaurant C is the one to beat.", 2],
  ])("reads %j as a proposal of option %i", (text, option) => {
    expect(verbless(text)).toBe(option);
    expect(proposals(text)).toEqual([{ kind: "propose", option }]);
  });

  it.each([
    // the held words still block outside their phrase
    "Restaurant B has my notes.",
    "Restaurant B has my doubts.",
    "Restaurant B had my full backing.",
    "Restaurant A is on our list.",
    "Restaurant A is at the bottom of our list.",
    "Check the table at Restaurant C.",
    "Let's move on to Restaurant C.",
    "Restaurant A is down.",
    // another person, a negation, an attribute or a level beside the phrase
    "Restaurant B has Agent 2's full backing.",
    "Restaurant B doesn't have my full backing.",
    "Restaurant B, if you ask Agent 2.",
    "Restaurant C is the one to beat on service.",
    "Reserve a table at Restaurant C for 4.",
    "Agent 3 says Restaurant A is the one to beat.",
  ])("takes nothing from %j", (text) => {
    expect(verbless(text)).toBeNull();
    expect(proposals(text)).toEqual([]);
  });

  const templates = [
    (o: string) => `Put ${o} at the top of our list.`,
    (o: string) => `${o} has my full backing.`,
    (o: string) => `Bring on ${o}.`,
    (o: string) => `Reserve a table at ${o}.`,
    (o: string) => `${o}, if you ask me.`,
    (o: string) => `${o} is the one to beat.`,
  ];
  const choices = fc.record({
    option: fc.integer({ min: 0, max: 2 }),
    template: fc.integer({ min: 0, max: templates.length - 1 }),
  });
  const text = (c: { option: number; template: number }) =>
    (templates[c.template] as (o: string) => string)(restaurants.domain.options[c.option] as string);

  it("reads each phrase as exactly its option, and nothing once an attribute, a level, another agent or a doubt stands in it (property)", () => {
    const extras = [...restaurants.domain.attributes, "3", "four", "Agent 2", "not", "maybe", "skip", "you", "earlier"];
    fc.assert(
      fc.property(choices, fc.constantFrom(...extras), fc.nat(), (c, extra, at) => {
        expect(proposals(text(c))).toEqual([{ kind: "propose", option: c.option }]);
        const words = text(c).split(" ");
        words.splice(at % words.length, 0, extra);
        expect(verbless(words.join(" "))).toBeNull();
      }),
      { numRuns: 200, seed: 30 },
    );
  });
});

describe("verbless proposal: the team's consent closing the sentence (fresh37)", () => {
  it("a consent tail leaves the choice; a condition on anything else, or another agent's consent, does not (property)", () => {
    const { options } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.constantFrom("if you all agree", "if everyone agrees", "unless anyone objects", "if no one objects"),
        fc.nat(2),
        (o, consent, agent) => {
          expect(proposals(`We eat at ${options[o]}, ${consent}.`)).toEqual([{ kind: "propose", option: o }]);
          expect(proposals(`We eat at ${options[o]}, if Agent ${agent + 1} agrees.`)).toEqual([]);
          expect(proposals(`We eat at ${options[o]}, if it has a table.`)).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
    expect(verbless("We eat at Restaurant B, if you all agree and disagree.")).toBeNull();
  });
});
