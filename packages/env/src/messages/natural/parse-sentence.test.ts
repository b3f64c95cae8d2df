import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateTask } from "../../generators/generate-task";
import { actArbitrary } from "../../test-support/arbitraries";
import { parseNatural } from "../parse-natural";
import { renderNatural } from "../render-natural";
import { LevelRangeError } from "./level-range-error";
import { headingAt, parseSentence } from "./parse-sentence";
import { restaurants, testSentence } from "./test-sentence";

describe("parseSentence", () => {
  it("treats a line naming only an option as a heading for the list lines under it", () => {
    const { s, state } = testSentence("For Restaurant B:\n");
    expect(headingAt(s, 0, state)).toBe(true);
    expect([state.context, state.subject]).toEqual([1, 1]);
    const line = testSentence("- service: 4.", undefined, { context: 1 });
    expect(parseSentence(line.s, 0, line.state).acts).toEqual([{ kind: "share", option: 1, attribute: 1, level: 4 }]);
    const prose = testSentence("Restaurant B has service 4.");
    expect(headingAt(prose.s, 0, prose.state)).toBe(false);
  });

  it("reads every cue family in one sentence and sets the subject for the next", () => {
    const { s, state } = testSentence(
      "Nothing new from me, but Restaurant A has service 2 and I propose Restaurant A; what is the ambience of Restaurant A @agent 3?",
    );
    expect(parseSentence(s, 0, state)).toEqual({
      acts: [
        { kind: "pass" },
        { kind: "share", option: 0, attribute: 1, level: 2 },
        { kind: "propose", option: 0 },
        { kind: "ask", option: 0, attribute: 2, to: 2 },
      ],
      heading: false,
      to: 2,
    });
    expect(state.subject).toBe(0);
  });

  it("throws LevelRangeError for a level outside the task's scale (parseNatural turns it into a parse error)", () => {
    const { s, state } = testSentence("Restaurant A has service 9.");
    expect(() => parseSentence(s, 0, state)).toThrow(LevelRangeError);
  });

  it("agrees with parseNatural on one rendered act (one sentence)", () => {
    fc.assert(
      fc.property(actArbitrary(restaurants as never), (act) => {
        const text = renderNatural([act], restaurants as never);
        const { s, state } = testSentence(text);
        fc.pre(s.to === s.tokens.length);
        expect({ acts: parseSentence(s, 0, state).acts }).toEqual(parseNatural(text, restaurants));
      }),
    );
  });
});

describe("parseSentence: the speaker's own entry called a slip (fresh30's 'jotted down X as 0 by mistake; it's 1')", () => {
  const shares = (text: string) => {
    const result = parseNatural(text, restaurants);
    return result.error === undefined ? result.acts.filter((a) => a.kind === "share") : [];
  };
  it.each([
    ["I jotted down Restaurant A's service as 2 by mistake; it's 4.", 0, 1, 4],
    ["I noted Restaurant B's ambience as 1 by mistake; it's 3.", 1, 2, 3],
    ["I logged Restaurant C's value for money at 5 wrongly; it's 2.", 2, 3, 2],
    ["We marked down Restaurant A's food quality as 3; it's actually 1.", 0, 0, 1],
  ])("reads %j as the speaker's new value only", (text, option, attribute, level) => {
    expect(shares(text)).toEqual([{ kind: "share", option, attribute, level }]);
  });

  it.each([
    "I jotted down Restaurant A's service as 2 by mistake.",
    "I mistakenly noted Restaurant B's ambience as 1.",
    "I keyed in Restaurant C's service as 4 wrongly.",
  ])("takes no value from %j: a slip is withdrawn, never the speaker's value", (text) => {
    expect(shares(text)).toEqual([]);
  });

  it("keeps a value stated after an admission in a clause of its own", () => {
    expect(shares("I made a mistake earlier: Restaurant A's service is 3.")).toEqual([
      { kind: "share", option: 0, attribute: 1, level: 3 },
    ]);
  });

  it("never reads the withdrawn value, whatever the entry verb, pair and levels", () => {
    const verbs = ["jotted down", "noted", "logged", "wrote", "entered", "recorded"];
    const slips = ["by mistake", "wrongly", "by accident"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...verbs),
        fc.constantFrom(...slips),
        fc.boolean(),
        (option, attribute, old, now, verb, slip, replaced) => {
          fc.pre(old !== now);
          const o = restaurants.domain.options[option] as string;
          const a = restaurants.domain.attributes[attribute] as string;
          const text = `I ${verb} ${o}'s ${a} as ${old} ${slip}${replaced ? `; it's ${now}` : ""}.`;
          const got = shares(text);
          expect(got.some((x) => x.kind === "share" && x.level === old)).toBe(false);
          if (replaced) expect(got).toEqual([{ kind: "share", option, attribute, level: now }]);
        },
      ),
    );
  });
});

describe("parseSentence: an option whose letter is 'I' closing the sentence (shrunk from natural-styles' property)", () => {
  it("reads the share instead of failing on the missing verb after 'I'", () => {
    const task = generateTask({ family: "random", seed: 801305, domain: "officeTheft", options: 10, attributes: 3 });
    const [option, attribute] = [task.domain.options[8] as string, task.domain.attributes[0] as string];
    expect(option).toBe("Employee I");
    const result = parseNatural(`There are 1 ${attribute} on ${option}.`, task);
    expect(result.error).toBeUndefined();
    expect(result.acts).toEqual([{ kind: "share", option: 8, attribute: 0, level: 1 }]);
  });
});
