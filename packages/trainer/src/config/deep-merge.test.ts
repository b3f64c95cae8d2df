import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepMerge } from "./deep-merge";

const json = fc.jsonValue({ maxDepth: 3 });

describe("deepMerge", () => {
  it("merges plain objects key by key and lets `over` win everywhere else (known answers)", () => {
    expect(deepMerge({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 9 }, e: 4 })).toEqual({ a: 1, b: { c: 9, d: 3 }, e: 4 });
    expect(deepMerge({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(deepMerge({ a: { b: 1 } }, { a: 5 })).toEqual({ a: 5 });
    expect(deepMerge(3, undefined)).toBe(3);
  });

  it("keeps a JSON key named __proto__ as a plain own key and never touches the prototype (seed 957070224)", () => {
    const over = JSON.parse('{"__proto__": null, "a": {"__proto__": {"polluted": 1}}}') as unknown;
    const merged = deepMerge({}, over) as Record<string, unknown>;
    expect(Object.hasOwn(merged, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged.a as object, "__proto__")).toBe(true);
    expect((merged.a as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("is idempotent, keeps every key of both, never changes its arguments (invariants)", () => {
    fc.assert(
      fc.property(json, json, (base, over) => {
        const [b, o] = [structuredClone(base), structuredClone(over)];
        const merged = deepMerge(base, over);
        expect(base).toEqual(b);
        expect(over).toEqual(o);
        expect(deepMerge(merged, over)).toEqual(merged);
        const plain = (v: unknown): v is Record<string, unknown> =>
          v !== null && typeof v === "object" && !Array.isArray(v);
        if (plain(base) && plain(over)) {
          for (const k of [...Object.keys(base), ...Object.keys(over)])
            expect(Object.hasOwn(merged as object, k)).toBe(true);
        } else expect(merged).toEqual(over);
      }),
    );
  });
});
