import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { glossedLevels } from "./glossed-levels";
import { acts, cellArbitraries, manor, share } from "./test-sentence";

const pass = { kind: "pass" } as const;

describe("glossed levels ('nothing (0)', 'full marks (3)')", () => {
  it("keeps the text's length, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.constantFrom("nothing (0)", "full marks (3)", "max (1)", "none (2)"),
        (a, g) => {
          const text = `${a}${g}${a}`;
          expect(glossedLevels(text, manor).length).toBe(text.length);
        },
      ),
    );
  });

  it("reads as the number alone where the words say that level, and as nothing where they do not (property, against the plain sentence)", () => {
    const [option, attribute] = cellArbitraries(manor);
    const words = fc.constantFrom(
      "nothing",
      "none",
      "zero",
      "nil",
      "full marks",
      "top marks",
      "maximum",
      "minimum",
      "lowest",
    );
    fc.assert(
      fc.property(option, attribute, fc.integer({ min: 0, max: 3 }), words, (o, a, level, word) => {
        const says = ["full marks", "top marks", "maximum"].includes(word) ? 3 : 0;
        const cell = `${manor.domain.options[o]}'s ${manor.domain.attributes[a]}`;
        const glossed = acts(`${cell} is ${word} (${level}).`, manor);
        // the oracle: the plain sentence with the number alone
        if (level === says) expect(glossed).toEqual(acts(`${cell} is ${level}.`, manor));
        else expect(glossed).toEqual([pass]);
      }),
    );
    expect(acts("Lord Ashby's muddy boots: nothing (0).", manor)).toEqual([share(0, 0, 0)]);
  });
});
