import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { squashWhitespace } from "./squash-whitespace";

describe("squashWhitespace", () => {
  it("turns whitespace runs into one space and trims", () => {
    expect(squashWhitespace("  a\n\n b\t c  ")).toBe("a b c");
  });

  it("is idempotent, has no double spaces, and is the same on a memoised second call", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\t") }), (s) => {
        const once = squashWhitespace(s);
        expect(squashWhitespace(once)).toBe(once);
        expect(once).not.toMatch(/\s\s|^\s|\s$/);
        expect(squashWhitespace(s)).toBe(once);
      }),
    );
  });
});
