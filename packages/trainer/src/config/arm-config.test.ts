import { rewardConfig } from "@cosir/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { armConfig } from "./arm-config";
import { resolveTrainConfig, validateTrainConfig } from "./train-config";

const arms = ["cosir", "outcomeOnly"] as const;
const overlay = fc.record(
  {
    gamma: fc.double({ min: 0, max: 1, noNaN: true }),
    klCoef: fc.double({ min: 0, max: 5, noNaN: true }),
    ppoEpochs: fc.integer({ min: 1, max: 4 }),
  },
  { requiredKeys: [] },
);

describe("armConfig", () => {
  it("is the config with the arm's rewards and its overlay merged, and no arms left (relation)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...arms), fc.constantFrom(...arms), overlay, overlay, (preset, arm, own, other) => {
        const otherArm = arm === "cosir" ? "outcomeOnly" : "cosir";
        const config = resolveTrainConfig({
          preset: "smoke",
          overrides: [
            { rewards: { preset, weights: { ask: 2 } }, arms: { [arm]: { rl: own }, [otherArm]: { rl: other } } },
          ],
        });
        const got = armConfig(config, arm);
        expect(got.rl).toEqual({ ...config.rl, ...own });
        expect(got.arms).toEqual({});
        expect(got.rewards).toEqual(arm === preset ? config.rewards : rewardConfig(arm));
        const { rl: _rl, rewards: _rewards, arms: _arms, ...rest } = got;
        const { rl: _rl2, rewards: _rewards2, arms: _arms2, ...restBefore } = config;
        expect(rest).toEqual(restBefore);
        // applying it again changes nothing, and what it gives is a valid config
        expect(armConfig(got, arm)).toEqual(got);
        expect(validateTrainConfig(got)).toEqual(got);
      }),
      { numRuns: 50 },
    );
  });

  it("gives the demo's arms the discount and KL weight the demo trained them with", () => {
    const demo = resolveTrainConfig({ preset: "demo" });
    expect(demo.rl.gamma).toBe(1);
    expect(demo.rl.klCoef).toBe(0.05);
    expect(armConfig(demo, "cosir").rl).toMatchObject({ gamma: 0, klCoef: 0.05 });
    expect(armConfig(demo, "outcomeOnly").rl).toMatchObject({ gamma: 1, klCoef: 0.2 });
    // an arm without an overlay trains with the config as it is
    const smoke = resolveTrainConfig({ preset: "smoke" });
    expect(armConfig(smoke, "cosir")).toEqual({ ...smoke, arms: {} });
  });

  it("validation refuses an overlay for an unknown preset, an unknown key, or one over budget, naming arms.<preset>", () => {
    expect(() => resolveTrainConfig({ preset: "smoke", file: { arms: { nope: { rl: { gamma: 0 } } } } })).toThrow(
      /^arms\.nope: is not a reward preset; expected one of cosir, outcomeOnly/,
    );
    expect(() => resolveTrainConfig({ preset: "smoke", file: { arms: { cosir: { model: { width: 8 } } } } })).toThrow(
      /^arms\.cosir/,
    );
    expect(() => resolveTrainConfig({ preset: "smoke", file: { arms: { cosir: { rl: { gamma: 2 } } } } })).toThrow(
      /^arms\.cosir\.rl\.gamma/,
    );
    expect(() =>
      resolveTrainConfig({
        preset: "smoke",
        file: {
          budget: { maxActivationBytes: 3e6 },
          model: { context: 32 },
          arms: { cosir: { rl: { microbatchSize: 32 } } },
        },
      }),
    ).toThrow(/^arms\.cosir: model needs about/);
  });
});
