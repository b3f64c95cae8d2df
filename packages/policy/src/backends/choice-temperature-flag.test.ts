import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { choiceTemperatureFlag } from "./choice-temperature-flag";

describe("choiceTemperatureFlag", () => {
  it("absent is undefined; a number in 0..10 is read; anything else names the flag (property)", () => {
    expect(choiceTemperatureFlag(undefined)).toBeUndefined();
    expect(choiceTemperatureFlag("0")).toBe(0);
    expect(choiceTemperatureFlag("0.25")).toBe(0.25);
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -20, max: 20 }), (t) => {
        const raw = String(t);
        if (Number(raw) >= 0 && Number(raw) <= 10) expect(choiceTemperatureFlag(raw)).toBe(Number(raw));
        else expect(() => choiceTemperatureFlag(raw)).toThrow(/^--choice-temperature: expected a number in 0\.\.10/);
      }),
    );
    for (const bad of ["", " ", "x", "NaN", "Infinity", true, 1])
      expect(() => choiceTemperatureFlag(bad, "--ct"), String(bad)).toThrow(/^--ct: expected a number in 0\.\.10/);
  });
});
