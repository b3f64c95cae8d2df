import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNumber, formatSigned } from "./format-number";

describe("formatNumber", () => {
  it("gives short labels (known answers)", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(0.5)).toBe("0.5");
    expect(formatNumber(0.30000000000000004)).toBe("0.3");
    expect(formatNumber(0.1234)).toBe("0.123");
    expect(formatNumber(100)).toBe("100");
    expect(formatNumber(2000)).toBe("2000");
    expect(formatNumber(123456)).toBe("123456");
    expect(formatNumber(1.5e7)).toBe("1.5e+7");
    expect(formatNumber(1e-5)).toBe("1e-5");
    expect(formatNumber(Number.NaN)).toBe("n/a");
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(formatNumber(Number.NEGATIVE_INFINITY)).toBe("−∞");
    expect(formatNumber(Number.MAX_VALUE)).toBe("1.8e+308");
    expect(formatSigned(0.25)).toBe("+0.25");
    expect(formatSigned(-0.25)).toBe("-0.25");
    expect(formatSigned(0)).toBe("0");
  });

  it("reads back within the rounding of its significant digits", () => {
    fc.assert(
      // Below 1e300: near Number.MAX_VALUE the 3-digit label ("1.8e+308") reads back as Infinity.
      fc.property(fc.double({ noNaN: true, min: -1e300, max: 1e300 }), (x) => {
        const back = Number(formatNumber(x));
        if (x === 0) expect(back).toBe(0);
        else expect(Math.abs(back - x)).toBeLessThanOrEqual(Math.abs(x) * 5e-3 + (Math.abs(x) < 1000 ? 0 : 0.5));
      }),
    );
  });
});
