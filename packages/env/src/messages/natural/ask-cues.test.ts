import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askable, askPairs, hasNumber, onePairQuestion, requestAt } from "./ask-cues";
import { testSentence } from "./test-sentence";

const pairs = (text: string) => {
  const { s, state } = testSentence(text);
  return askPairs(s, 0, s.to, state).map((p) => [p.option, p.attribute]);
};

describe("ask cues", () => {
  it("names (option, attribute) pairs in every ask order", () => {
    expect(pairs("What is the service of Restaurant A?")).toEqual([[0, 1]]);
    expect(pairs("What are Restaurant B's ambience and service?")).toEqual([
      [1, 2],
      [1, 1],
    ]);
    expect(pairs("What ambience does Restaurant C have?")).toEqual([[2, 2]]);
    expect(pairs("How does Restaurant A do on food quality?")).toEqual([[0, 0]]);
    expect(pairs("The service for Restaurant A and Restaurant B?")).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(pairs("Is the service of Restaurant A or Restaurant B better?")).toEqual([]);
  });

  it("asks only for a value: not about a stated number, a comparison or a negation", () => {
    const ok = (text: string) => {
      const { s } = testSentence(text);
      return askable(s, 0, new Set());
    };
    expect(ok("What is the service of Restaurant A?")).toBe(true);
    expect(ok("Does anyone know the service of Restaurant A?")).toBe(true);
    expect(ok("Does Restaurant A have service 4?")).toBe(false);
    expect(ok("Is Restaurant A better than Restaurant B?")).toBe(false);
    expect(ok("Why isn't the service of Restaurant A known?")).toBe(false);
  });

  it("finds declarative requests and numbers outside agent tags", () => {
    const request = (text: string, word: string) => {
      const { s, at } = testSentence(text);
      return requestAt(s, at(word));
    };
    expect(request("Please tell me the service of Restaurant A.", "tell")).toBe(true);
    expect(request("I'd like to know the service of Restaurant A.", "know")).toBe(true);
    expect(request("I know the service of Restaurant A.", "know")).toBe(false);
    const { s } = testSentence("@agent 2 what is the service of Restaurant A?");
    expect(hasNumber(s, 0, s.to, new Set([0, 1]))).toBe(false);
    expect(hasNumber(s, 0, s.to, new Set())).toBe(true);
  });
});

describe("onePairQuestion (a direct question naming one pair, whatever its verb)", () => {
  const options = ["Restaurant A", "Restaurant B", "Restaurant C"];
  const attributes = ["food quality", "service", "ambience", "value for money"];
  const read = (text: string) => {
    const { s, state } = testSentence(text);
    return onePairQuestion(s, 0, new Set(), state);
  };
  const forms = [
    (o: string, a: string) => `Could you read me ${o}'s ${a}?`,
    (o: string, a: string) => `What did ${o} bring in from ${a}?`,
    (o: string, a: string) => `Where would you put ${o}'s ${a}?`,
    (o: string, a: string) => `What would you give ${o} for ${a}?`,
    (o: string, a: string) => `Can you post the ${a} score of ${o}?`,
    (o: string, a: string) => `On a scale of 1 to 5, where would you put ${o}'s ${a}?`,
  ];

  it("asks for the one pair named, in any verb (known answers over every name)", () => {
    fc.assert(
      fc.property(fc.nat(2), fc.nat(3), fc.nat(forms.length - 1), (o, a, f) => {
        const form = forms[f] as (o: string, a: string) => string;
        expect(read(form(options[o] as string, attributes[a] as string))).toEqual({ option: o, attribute: a });
      }),
      { numRuns: 60 },
    );
  });

  it("takes nothing when the question names a second name, a level, a negation, a comparison or no wh-word", () => {
    fc.assert(
      fc.property(fc.nat(2), fc.nat(3), (o, a) => {
        const option = options[o] as string;
        const other = options[(o + 1) % 3] as string;
        const attribute = attributes[a] as string;
        for (const text of [
          `Could you read me ${option}'s ${attribute} and ${other}'s?`,
          `What did ${option} bring in from ${attribute}, a 3?`,
          `Why is ${option}'s ${attribute} so low?`,
          `What makes ${option}'s ${attribute} better than ${other}'s?`,
          `Could you not post ${option}'s ${attribute}?`,
          `Is ${option}'s ${attribute} any good?`,
          `What did Agent 2 say about ${option}'s ${attribute}?`,
          `What would ${option}'s ${attribute} need to be?`,
        ])
          expect([text, read(text)]).toEqual([text, null]);
      }),
      { numRuns: 12 },
    );
  });
});
