import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRACTION, naturalInteger } from "./natural-integer";

describe("naturalInteger", () => {
  it("reads every integer of up to 9 digits back from its decimal form", () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999, max: 999_999_999 }), (n) => {
        expect(naturalInteger(String(n))).toBe(n);
      }),
    );
  });

  it("refuses leading zeros, signs on zero, decimals, words, 10 digits and undefined", () => {
    for (const w of ["04", "-0", "+4", "4.0", "four", "1234567890", "", "4a"]) expect(naturalInteger(w), w).toBeNull();
    expect(naturalInteger(undefined)).toBeNull();
  });

  it("reads the typographic minus sign (U+2212) as a minus", () => {
    expect(naturalInteger("\u22122")).toBe(-2);
    expect(naturalInteger("\u22120")).toBeNull();
  });

  it("FRACTION reads <level>/<scale> only", () => {
    expect(FRACTION.exec("4/5")?.slice(1)).toEqual(["4", "5"]);
    expect(FRACTION.test("4/0")).toBe(false);
    expect(FRACTION.test("4 / 5")).toBe(false);
  });
});
