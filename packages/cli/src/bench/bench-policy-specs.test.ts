import { describe, expect, it } from "vitest";
import { benchPolicySpecs } from "./bench-policy-specs";

describe("benchPolicySpecs", () => {
  it("the --policies teams, then the --endpoint/--model chat team (not probed)", () => {
    expect(benchPolicySpecs("oracle", undefined, undefined)).toEqual({
      specs: [{ name: "oracle", kind: "scripted", target: "oracle" }],
      endpointSpec: undefined,
    });
    const { specs, endpointSpec } = benchPolicySpecs("oracle", "http://h/v1", "qwen");
    expect(specs).toEqual([
      { name: "oracle", kind: "scripted", target: "oracle" },
      { name: "qwen", kind: "chat", target: "qwen", url: "http://h/v1" },
    ]);
    expect(endpointSpec).toBe(specs[1]);
    expect(benchPolicySpecs(undefined, "http://h/v1", "qwen").specs).toHaveLength(1);
  });

  it("names what is missing or clashing", () => {
    expect(() => benchPolicySpecs(undefined, undefined, undefined)).toThrow(/^--policies: is required/);
    expect(() => benchPolicySpecs("qwen=oracle", "http://h/v1", "qwen")).toThrow(
      /^--model: expected a name distinct from the --policies names/,
    );
    expect(() => benchPolicySpecs("wizard", undefined, undefined)).toThrow(/^--policies: expected a scripted policy/);
  });
});
