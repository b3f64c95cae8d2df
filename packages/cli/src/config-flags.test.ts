import { describe, expect, it } from "vitest";
import { configFromFlags } from "./config-flags";

describe("configFromFlags", () => {
  it("starts from the demo preset and applies every --set in order", () => {
    const { config, preset, sets } = configFromFlags({ set: ["rl.iterations=7", "rl.iterations=9", "seed=3"] });
    expect(preset).toBe("demo");
    expect(sets).toHaveLength(3);
    expect([config.preset, config.rl.iterations, config.seed]).toEqual(["demo", 9, 3]);
  });

  it("takes --preset, and names the field of a bad override", () => {
    expect(configFromFlags({ preset: "smoke" }).config.preset).toBe("smoke");
    expect(() => configFromFlags({ set: ["rl.groupSize=1"] })).toThrow(/rl\.groupSize/);
    expect(() => configFromFlags({ preset: "nope" })).toThrow(/preset/);
  });
});
