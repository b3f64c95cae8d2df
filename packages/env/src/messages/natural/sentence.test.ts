import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNatural } from "../parse-natural";
import { restaurants, testSentence } from "./test-sentence";

describe("Sentence", () => {
  it("gates the rest of a clause after a negation or a condition, and reopens at a clause break", () => {
    const { s, at } = testSentence("Restaurant A does not have service 4, but Restaurant B has ambience 2.");
    expect(s.gate[at("have")]).toBe(true);
    expect(s.gate[at("but")]).toBe(false);
    expect(s.gate[at("ambience")]).toBe(false);
    expect(s.conditionalAt(s.from)).toBe(false);
    expect(testSentence("If Restaurant A had service 4 we would go.").s.conditionalAt(0)).toBe(true);
    // a condition holds up to a clause break only
    const but = testSentence("If Restaurant B had better service I'd pick it, but for now I propose Restaurant C.").s;
    expect(but.conditionalAt(3)).toBe(true);
    expect(but.conditionalAt(but.to - 2)).toBe(false);
  });

  it("gates someone else's report but not the speaker's own", () => {
    const theirs = testSentence("Agent 2 said Restaurant A has service 4.");
    expect(theirs.s.gate[theirs.at("has")]).toBe(true);
    const mine = testSentence("My notes say Restaurant A has service 4.");
    expect(mine.s.gate[mine.at("has")]).toBe(false);
  });

  it("marks words after a modal, and knows clause starts and separations", () => {
    const { s, at } = testSentence("Restaurant A could have service 4, I think.");
    expect(s.modal[at("have")]).toBe(true);
    expect(s.modal[at("restaurant")]).toBe(false);
    expect(s.clauseStart(0)).toBe(true);
    expect(s.clauseStart(at("i"))).toBe(true);
    expect(s.clauseStart(at("have"))).toBe(false);
    expect(s.separated(at("4"))).toBe(true);
    expect(s.separated(at("have"))).toBe(false);
  });
});

describe("the speaker's own clause after a reported claim: 'what I hold is' (fresh30)", () => {
  const reports = ["Agent 2 reported", "Agent 1 says", "Agent 3 told us"];
  const holds = ["what I hold is", "what I have is", "what we see is"];
  it("a reported claim never yields a share for the speaker; the own clause after it is read exactly (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(2),
        fc.nat(3),
        fc.nat(3),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...reports),
        fc.constantFrom(...holds),
        fc.boolean(),
        (o, a, b, claimed, own, report, hold, withOwn) => {
          fc.pre(a !== b);
          const option = restaurants.domain.options[o] as string;
          const [x, y] = [restaurants.domain.attributes[a] as string, restaurants.domain.attributes[b] as string];
          const text = `${report} ${option}'s ${x} is ${claimed}${withOwn ? `, and ${hold} ${option}'s ${y} at ${own}` : ""}.`;
          const result = parseNatural(text, restaurants);
          const shares = result.error === undefined ? result.acts.filter((act) => act.kind === "share") : [];
          expect(shares).toEqual(withOwn ? [{ kind: "share", option: o, attribute: b, level: own }] : []);
        },
      ),
      { numRuns: 150, seed: 30 },
    );
  });
});

describe("Sentence: the speaker's own place closing a clause after a reported one (fresh38)", () => {
  it("reads '...; X's Y is N on my end' as the speaker's, and not another's end (property)", () => {
    const { options, attributes } = restaurants.domain;
    fc.assert(
      fc.property(
        fc.nat(options.length - 1),
        fc.nat(attributes.length - 1),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("on my end", "on my side", "from my end", "on our side"),
        (o, a, n, place) => {
          const other = (a + 1) % attributes.length;
          const claim = `Agent 1 mentioned ${options[o]}'s ${attributes[other]} is 4`;
          const shares = (text: string) => parseNatural(text, restaurants).acts.filter((act) => act.kind === "share");
          expect(shares(`${claim}; ${options[o]}'s ${attributes[a]} is ${n} ${place}.`)).toEqual([
            { kind: "share", option: o, attribute: a, level: n },
          ]);
          expect(shares(`${claim}; ${options[o]}'s ${attributes[a]} is ${n} on Agent 2's end.`)).toEqual([]);
        },
      ),
      { numRuns: 60, seed: 40 },
    );
  });
});
