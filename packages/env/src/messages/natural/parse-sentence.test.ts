import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
