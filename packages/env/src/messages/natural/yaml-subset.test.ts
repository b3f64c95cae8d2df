import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseYamlSubset } from "./yaml-subset";

/** A plain YAML writer for the subset (the oracle's side of the round trip). */
function toYaml(value: unknown, indent = 0): string {
  const pad = " ".repeat(indent);
  if (Array.isArray(value))
    return value
      .map((v) => {
        if (v !== null && typeof v === "object" && !Array.isArray(v)) {
          const [first, ...rest] = toYaml(v, indent + 2).split("\n");
          return [`${pad}- ${(first as string).trimStart()}`, ...rest].join("\n");
        }
        return `${pad}- ${v}`;
      })
      .join("\n");
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) =>
      v !== null && typeof v === "object" ? `${pad}${k}:\n${toYaml(v, indent + 2)}` : `${pad}${k}: ${v}`,
    )
    .join("\n");
}

const key = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
const scalar = fc.oneof(fc.integer({ min: -99, max: 99 }), fc.stringMatching(/^[A-Z][a-z]{0,6}( [A-Z][a-z]{0,6})?$/));
const flat = fc.dictionary(key, scalar, { minKeys: 1, maxKeys: 4 });
const value = fc.dictionary(
  key,
  fc.oneof(
    scalar,
    flat,
    fc.array(flat, { minLength: 1, maxLength: 3 }),
    fc.array(scalar, { minLength: 1, maxLength: 3 }),
  ),
  { minKeys: 1, maxKeys: 4 },
);

describe("parseYamlSubset", () => {
  it("reads back what a plain YAML writer writes: maps, lists of maps and of scalars, nested (property)", () => {
    fc.assert(
      fc.property(value, (v) => {
        expect(parseYamlSubset(toYaml(v))).toEqual(v);
      }),
      { numRuns: 200, seed: 46 },
    );
  });

  it("a list at the top, a list under a key at the key's own indent, comments and quotes", () => {
    expect(parseYamlSubset("- kind: share\n  option: Shelf A  # mine\n  level: '1'\n- kind: pass")).toEqual([
      { kind: "share", option: "Shelf A", level: "1" },
      { kind: "pass" },
    ]);
    expect(parseYamlSubset("share:\n- option: A\n  level: 2\npropose: B")).toEqual({
      share: [{ option: "A", level: 2 }],
      propose: "B",
    });
  });

  it("gives null for what is not the subset, and never throws on any text (property)", () => {
    expect(parseYamlSubset("Just a sentence, no keys.")).toBeNull();
    expect(parseYamlSubset("a: 1\n  b: 2")).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(() => parseYamlSubset(text)).not.toThrow();
      }),
      { numRuns: 300, seed: 46 },
    );
  });
});
