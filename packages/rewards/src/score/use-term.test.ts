import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { useTerm } from "./use-term";

describe("useTerm", () => {
  it("known answers", () => {
    expect(useTerm(0, 1, 1)).toBe(1);
    expect(useTerm(0, 1, 0)).toBe(-1);
    expect(useTerm(0, 1, 2)).toBe(0);
    expect(useTerm(0, 1, null)).toBe(0);
    expect(useTerm(1, 1, 1)).toBe(0);
  });

  it("is 0 unless the evidence moved the MAP, and then rewards following it and punishes sticking", () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), fc.option(fc.nat(4), { nil: null }), (priv, full, choice) => {
        const u = useTerm(priv, full, choice);
        if (priv === full) expect(u).toBe(0);
        else expect(u).toBe(choice === full ? 1 : choice === priv ? -1 : 0);
      }),
    );
  });
});
