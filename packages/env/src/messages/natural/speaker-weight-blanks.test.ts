import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutSpeakerLeads } from "./speaker-leads";
import { acts, cellArbitraries, restaurants, share } from "./test-sentence";
import { withDotLeaders, withoutAsides, withoutScaleGlosses, withoutUnsaid, withoutWeights } from "./weight-phrases";

// The two blanking passes of session 63 (issue 26): a lead that only announces the speaker's statement ("I can tell
// you ...") and a number said as a weight ("a weight of 5"). Both keep the text's length, so every offset stays.

describe("blanked leads and weights", () => {
  it("keep the text's length and change nothing else (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.constantFrom("I can tell you that ", "I can confirm ", "weight 5", "a weight of 3", "weighted 2x", ""),
        fc.string({ maxLength: 60 }),
        (a, middle, b) => {
          const text = `${a}. ${middle}${b}`;
          for (const out of [withoutSpeakerLeads(text), withoutWeights(text)]) expectBlanked(text, out);
        },
      ),
    );
  });

  it("a statement after the lead reads as the plain statement; a weight beside it adds no share (property, against the plain sentence)", () => {
    const [option, attribute] = cellArbitraries(restaurants);
    fc.assert(
      fc.property(
        option,
        attribute,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        (o, a, level, w) => {
          const cell = `${restaurants.domain.options[o]}'s ${restaurants.domain.attributes[a]}`;
          const plain = acts(`${cell} is ${level}.`);
          expect(plain).toEqual([share(o, a, level)]);
          expect(acts(`I can tell you ${cell} is ${level}.`)).toEqual(plain);
          expect(acts(`I can confirm that ${cell} is ${level}.`)).toEqual(plain);
          expect(acts(`${cell} is ${level}, and it carries a weight of ${w}.`)).toEqual(plain);
          // negated leads are left as they are: nothing is read
          expect(acts(`I can't tell you ${cell} is ${level}.`)).toEqual([{ kind: "pass" }]);
        },
      ),
    );
  });
});

/** The text's length kept, and only spaces written where the text changed. */
function expectBlanked(text: string, out: string): void {
  expect(out.length).toBe(text.length);
  for (let k = 0; k < text.length; k++) if (out[k] !== text[k]) expect(out[k]).toBe(" ");
}

// Session 64's passes (`withoutUnsaid`): struck text, a "?" standing for a blank, an aside calling an earlier value
// wrong, a gloss of the scale or its direction (blanked), and dot leaders (a colon). The same length rule, and the
// plain statement as the oracle.
describe("blanked unsaid text", () => {
  it("keeps the text's length; the blanking passes write only spaces, dot leaders a colon over a dot (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.constantFrom(
          "~~B: 4~~",
          "? (don't have)",
          "(the 4 I posted earlier was wrong)",
          "(higher = better)",
          "(1-5)",
          "(3-4)",
          "Shelf A .. 3",
          "",
        ),
        fc.string({ maxLength: 60 }),
        (a, middle, b) => {
          const text = `${a} ${middle} ${b}`;
          expectBlanked(text, withoutAsides(text));
          expectBlanked(text, withoutScaleGlosses(text, [1, 5]));
          const led = withDotLeaders(text);
          expect(led.length).toBe(text.length);
          for (let k = 0; k < text.length; k++)
            if (led[k] !== text[k]) {
              expect(text[k]).toBe(".");
              expect([":", " "]).toContain(led[k]);
            }
          expect(withoutUnsaid(text, [1, 5]).length).toBe(text.length);
        },
      ),
    );
  });

  it("a statement beside a blanked aside reads as the plain statement (property, against the plain sentence)", () => {
    const [option, attribute] = cellArbitraries(restaurants);
    fc.assert(
      fc.property(
        option,
        attribute,
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom("(higher = better)", "(1-5)", "(the 3 I gave earlier was wrong)", "~~it was 2~~"),
        (o, a, level, aside) => {
          const cell = `${restaurants.domain.options[o]}'s ${restaurants.domain.attributes[a]}`;
          expect(acts(`${cell} ${aside} is ${level}.`)).toEqual(acts(`${cell} is ${level}.`));
        },
      ),
    );
  });
});
