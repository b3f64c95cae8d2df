import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CurvePoint } from "./demo-arm";
import { InvalidConfigError } from "@cosir/bayes";
import { rewardConfig } from "@cosir/rewards";
import { resolveTrainConfig } from "@cosir/trainer";
import { DEMO_ARMS, demoArmDir, demoArmConfig, demoArmSpecs, describeEpisodeRatio, episodeRatio } from "./run-demo";

const curve = (accuracies: readonly number[], every = 16): CurvePoint[] =>
  accuracies.map((teamAccuracy, i) => ({ iteration: i, episodes: i * every, teamAccuracy, ci95: [0, 1] }));

describe("episodeRatio", () => {
  it("finds the first CoSIR point at or above outcome-only's final accuracy (known answers)", () => {
    expect(episodeRatio({ outcomeOnly: curve([0.5, 0.55, 0.6]), cosir: curve([0.5, 0.6, 0.7]) })).toEqual({
      target: 0.6,
      outcomeOnlyEpisodes: 32,
      cosirEpisodes: 16,
      ratio: 0.5,
    });
    expect(episodeRatio({ outcomeOnly: curve([0.5, 0.7]), cosir: curve([0.5, 0.6]) }).ratio).toBeNull();
  });

  it("is in (0, 1] whenever CoSIR's curve dominates outcome-only's (relation)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 }),
        fc.array(fc.double({ min: 0, max: 0.5, noNaN: true }), { minLength: 12, maxLength: 12 }),
        (outcome, lift) => {
          const cosir = outcome.map((a, i) => Math.min(1, a + (lift[i] as number)));
          const r = episodeRatio({ outcomeOnly: curve(outcome), cosir: curve(cosir) });
          expect(r.cosirEpisodes).not.toBeNull();
          expect(r.ratio as number).toBeLessThanOrEqual(1);
          expect(r.ratio as number).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("demoArmDir", () => {
  it("keeps seed 0 where the bench and report look, other seeds apart", () => {
    expect(demoArmDir("runs/demo", "cosir", 0)).toBe("runs/demo/cosir");
    expect(demoArmDir("runs/demo", "outcomeOnly", 2)).toBe("runs/demo/seed-2/outcomeOnly");
  });
});

describe("demoArmSpecs", () => {
  it("trains seed config.seed + firstSeed + s on the demo's held-out tasks, so a split job equals the whole", () => {
    const config = resolveTrainConfig({ preset: "demo" });
    const whole = demoArmSpecs(config, "runs/a", "runs/a/base", 3);
    expect(whole.map((s) => [s.config.rewards.preset, s.config.seed])).toEqual([
      ["outcomeOnly", config.seed],
      ["cosir", config.seed],
      ["outcomeOnly", config.seed + 1],
      ["cosir", config.seed + 1],
      ["outcomeOnly", config.seed + 2],
      ["cosir", config.seed + 2],
    ]);
    // --seeds 1 --first-seed 2 trains the third pair of --seeds 3, arm for arm, on the same held-out tasks
    const third = demoArmSpecs(config, "runs/b", "runs/b/base", 1, 2);
    expect(third.map((s) => s.config)).toEqual(whole.slice(4).map((s) => s.config));
    for (const spec of [...whole, ...third]) expect(spec.heldOutSeed).toBe(config.seed);
    expect(third.map((s) => s.dir)).toEqual(["runs/b/outcomeOnly", "runs/b/cosir"]);
    expect(demoArmSpecs(config, "d", "b", 2, 0)).toEqual(
      whole.slice(0, 4).map((s) => ({ ...s, dir: s.dir.replace("runs/a", "d"), base: "b" })),
    );
  });
});

describe("describeEpisodeRatio", () => {
  it("says what happened in each case (known answers)", () => {
    const base = { target: 0.7, outcomeOnlyEpisodes: 640 };
    expect(describeEpisodeRatio({ ...base, cosirEpisodes: 160, ratio: 0.25 })).toMatch(
      /after 160 episodes: ratio 0\.25/,
    );
    expect(describeEpisodeRatio({ ...base, cosirEpisodes: 0, ratio: 0 })).toMatch(/base already had/);
    expect(describeEpisodeRatio({ ...base, cosirEpisodes: null, ratio: null })).toMatch(/^CoSIR did not reach/);
    // no curve (eval.curveEpisodes 0): said so, never "NaN after 0 episodes"
    const none = episodeRatio({ outcomeOnly: [], cosir: [] });
    expect(describeEpisodeRatio(none)).toMatch(/^No learning curve \(eval\.curveEpisodes is 0\)/);
    expect(describeEpisodeRatio(none)).not.toMatch(/NaN/);
  });
});

describe("demoArmConfig", () => {
  it("gives each arm its preset's rewards and its overlay when the config changes nothing", () => {
    const config = resolveTrainConfig({ preset: "demo" });
    for (const arm of DEMO_ARMS) {
      const own = demoArmConfig(config, arm);
      expect(own.rewards).toEqual(rewardConfig(arm));
      expect(own.arms).toEqual({});
    }
    // the demo's arms differ as they always did: CoSIR discounts nothing, outcome-only pulls harder to the base
    expect(demoArmConfig(config, "cosir").rl).toEqual({ ...config.rl, gamma: 0 });
    expect(demoArmConfig(config, "outcomeOnly").rl).toEqual({ ...config.rl, klCoef: 0.2 });
  });

  it("applies rewards.weights and clipAskAtZero to the arm of their preset only (relation)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DEMO_ARMS),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.boolean(),
        (preset, ask, clip) => {
          const config = resolveTrainConfig({
            preset: "smoke",
            overrides: [{ rewards: { preset, weights: { ask }, clipAskAtZero: clip } }],
          });
          for (const arm of DEMO_ARMS) {
            const resolved = demoArmConfig(config, arm).rewards;
            if (arm === preset) {
              expect(resolved.weights.ask).toBe(ask);
              expect(resolved.clipAskAtZero).toBe(clip);
            } else expect(resolved).toEqual(rewardConfig(arm));
          }
        },
      ),
    );
  });

  it("refuses a preset the demo does not train, naming the field and the value", () => {
    const config = resolveTrainConfig({ preset: "smoke" });
    const custom = { ...config, rewards: { ...config.rewards, preset: "custom" } };
    expect(() => demoArmConfig(custom, "cosir")).toThrow(InvalidConfigError);
    expect(() => demoArmConfig(custom, "cosir")).toThrow(/rewards\.preset.*custom/);
  });
});
