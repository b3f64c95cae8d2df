import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CosirError, InvalidArgumentError, InvalidConfigError, describeValue } from "./cosir-error";

describe.each([
  ["InvalidArgumentError", InvalidArgumentError, "invalid_argument"],
  ["InvalidConfigError", InvalidConfigError, "invalid_config"],
] as const)("%s", (_, ErrorClass, code) => {
  it("carries the field, the value and what was expected, and keeps the message `field: expected, got value`", () => {
    const e = new ErrorClass("rl.groupSize", 1, "expected a number >= 2");
    expect(e).toBeInstanceOf(CosirError);
    expect(e.code).toBe(code);
    expect(e.name).toBe(ErrorClass.name);
    expect(e.field).toBe("rl.groupSize");
    expect(e.value).toBe(1);
    expect(e.expected).toBe("expected a number >= 2");
    expect(e.message).toBe("rl.groupSize: expected a number >= 2, got 1");
  });

  it("keeps the expectation whole even where it holds ', got ' or ': ' (no parsing of the message)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.anything(), (field, expected, value) => {
        const e = new ErrorClass(field, value, expected);
        expect(e.expected).toBe(expected);
        expect(e.message).toBe(`${field}: ${expected}, got ${describeValue(value)}`);
      }),
    );
    const tricky = new ErrorClass("a", "x", "expected b: c, got d");
    expect(tricky.expected).toBe("expected b: c, got d");
  });

  it("re-wraps under another field with the same expectation and the cause kept", () => {
    const inner = new ErrorClass("seed", -1, "expected an integer in 0..9");
    const outer = new ErrorClass(`task.${inner.field}`, inner.value, inner.expected, { cause: inner });
    expect(outer.message).toBe("task.seed: expected an integer in 0..9, got -1");
    expect(outer.cause).toBe(inner);
  });
});
