import { describe, expect, it } from "vitest";
import { resolveTrainConfig } from "../config/train-config";
import { decodingLabel } from "./decoding-label";

describe("decodingLabel", () => {
  it("names greedy decoding at temperature 0 and the temperature otherwise", () => {
    expect(decodingLabel(resolveTrainConfig({}))).toBe("greedy decoding");
    expect(decodingLabel(resolveTrainConfig({ overrides: [{ eval: { temperature: 0.7 } }] }))).toBe(
      "sampled at temperature 0.7",
    );
  });

  it("the demo evaluates at the temperature its RL samples at", () => {
    const demo = resolveTrainConfig({ preset: "demo" });
    expect(demo.eval.temperature).toBe(demo.rl.temperature);
    expect(decodingLabel(demo)).toBe(`sampled at temperature ${demo.rl.temperature}`);
  });

  it("refuses a negative temperature, naming the field", () => {
    expect(() => resolveTrainConfig({ overrides: [{ eval: { temperature: -1 } }] })).toThrow(/eval\.temperature/);
  });

  it("names the choices' decoding when eval.choiceTemperature differs, and refuses a bad one", () => {
    const at = (evalSection: Record<string, number>) =>
      decodingLabel(resolveTrainConfig({ overrides: [{ eval: evalSection }] }));
    expect(at({ temperature: 1, choiceTemperature: 0 })).toBe("sampled at temperature 1, choices greedy");
    expect(at({ temperature: 1, choiceTemperature: 0.5 })).toBe("sampled at temperature 1, choices at temperature 0.5");
    expect(at({ temperature: 1, choiceTemperature: 1 })).toBe("sampled at temperature 1");
    expect(() => resolveTrainConfig({ overrides: [{ eval: { choiceTemperature: -0.5 } }] })).toThrow(
      /eval\.choiceTemperature/,
    );
  });
});
