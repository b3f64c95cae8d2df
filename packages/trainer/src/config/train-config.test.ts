import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOverride, resolveTrainConfig, trainPresets } from "./train-config";

describe("train config", () => {
  it("layers preset, file and overrides in that order, and fills defaults", () => {
    const c = resolveTrainConfig({
      preset: "smoke",
      file: { rl: { iterations: 7, groupSize: 3 } },
      overrides: [parseOverride("rl.groupSize=5"), parseOverride("rewards.preset=outcomeOnly")],
    });
    expect(c.preset).toBe("smoke");
    expect(c.rl.iterations).toBe(7);
    expect(c.rl.groupSize).toBe(5);
    expect(c.rewards.preset).toBe("outcomeOnly");
    expect(c.model.width).toBe(32);
    expect(c.rl.gamma).toBe(1);
    for (const name of Object.keys(trainPresets)) expect(() => resolveTrainConfig({ preset: name })).not.toThrow();
  });

  it("gives the shapes preset the demo's task, RL run and arms, resolved alike, plus the choice rehearsed over shapes", () => {
    const demo = resolveTrainConfig({ preset: "demo" });
    const shapes = resolveTrainConfig({ preset: "shapes" });
    const { choiceDistillCoef, choiceRehearsal, choiceDistillSteps, rehearsalShapes, iterations, ...rest } = shapes.rl;
    // twice the demo's RL iterations, at the same tasks and episodes per iteration
    expect(iterations).toBe(2 * demo.rl.iterations);
    expect({ choiceDistillCoef, choiceRehearsal, choiceDistillSteps }).toEqual({
      choiceDistillCoef: 1,
      choiceRehearsal: 64,
      choiceDistillSteps: 4,
    });
    // the rehearsal's shapes are the pretraining's (the base's own)
    expect(rehearsalShapes).toEqual(shapes.pretrain.shapes);
    const {
      choiceDistillCoef: _a,
      choiceRehearsal: _b,
      choiceDistillSteps: _c,
      rehearsalShapes: _d,
      iterations: _e,
      ...demoRest
    } = demo.rl;
    expect(rest).toEqual(demoRest);
    expect(demo.rl.choiceRehearsal).toBe(0);
    expect(shapes.arms).toEqual(demo.arms);
    expect(shapes.task).toEqual(demo.task);
    // what the two presets do differ in: the base they pretrain, and the shapes preset's choices judged greedily
    expect(shapes.model.context).not.toBe(demo.model.context);
    const { choiceTemperature, ...evalRest } = shapes.eval;
    expect(choiceTemperature).toBe(0);
    expect(demo.eval.choiceTemperature).toBeUndefined();
    expect({ ...evalRest, benchEpisodes: demo.eval.benchEpisodes }).toEqual(demo.eval);
  });

  it("gives the shapes preset a copy stage past its curriculum's ramp, with copy examples that fit an action", () => {
    const { pretrain, rl } = resolveTrainConfig({ preset: "shapes" });
    const curriculum = pretrain.copyCurriculum;
    expect(curriculum).toBeDefined();
    // copying is learned on every prompt length before the mixed steps begin (see README's copy probes)
    expect(pretrain.copySteps).toBeGreaterThan(curriculum!.rampSteps);
    // a share is 5 words with its ";", and <eos> closes the action
    expect(5 * pretrain.copyShares).toBeLessThanOrEqual(rl.maxNewTokens);
    // the opt-in settings stay off by default (the demo's committed base was made without them)
    const demo = resolveTrainConfig({ preset: "demo" }).pretrain;
    expect(demo.copyCurriculum).toBeUndefined();
    expect(demo.copyShares).toBe(1);
    expect(demo.cellNegatives).toBe(0);
    expect(pretrain.cellNegatives).toBe(0);
  });

  it("names the field and the value of a bad config", () => {
    expect(() =>
      resolveTrainConfig({ file: { pretrain: { copyCurriculum: { startShare: 0, rampSteps: 10 } } } }),
    ).toThrow(/pretrain\.copyCurriculum\.startShare.*got 0/);
    expect(() => resolveTrainConfig({ file: { pretrain: { copyShares: 9 } } })).toThrow(/pretrain\.copyShares.*got 9/);
    expect(() => resolveTrainConfig({ file: { pretrain: { cellNegatives: -1 } } })).toThrow(
      /pretrain\.cellNegatives.*got -1/,
    );
    expect(() => resolveTrainConfig({ file: { rl: { shapes: { agents: [3, 1] } } } })).toThrow(/rl\.shapes\.agents/);
    expect(() => resolveTrainConfig({ file: { rl: { shapes: { tables: 2 } } } })).toThrow(/rl\.shapes.*tables/);
    expect(() => resolveTrainConfig({ preset: "smoke", overrides: [parseOverride("rl.groupSize=1")] })).toThrow(
      /rl\.groupSize.*got 1/,
    );
    expect(() => resolveTrainConfig({ preset: "nope" })).toThrow(/preset/);
    expect(() => resolveTrainConfig({ file: { rl: { talkRehearsal: true, choiceDistillCoef: 1 } } })).toThrow(
      /rl\.talkRehearsal.*rl\.choiceRehearsal > 0.*got 0 and 1/,
    );
    expect(() =>
      resolveTrainConfig({ file: { rl: { talkRehearsal: true, choiceDistillCoef: 1, choiceRehearsal: 4 } } }),
    ).not.toThrow();
    expect(() => resolveTrainConfig({ file: { rl: { talkRehearsal: "asks", choiceDistillCoef: 1 } } })).toThrow(
      /rl\.talkRehearsal.*rl\.choiceRehearsal > 0/,
    );
    expect(
      resolveTrainConfig({
        overrides: [
          parseOverride("rl.talkRehearsal=asks"),
          parseOverride("rl.choiceRehearsal=4"),
          parseOverride("rl.choiceDistillCoef=1"),
        ],
      }).rl.talkRehearsal,
    ).toBe("asks");
    expect(() => resolveTrainConfig({ file: { rl: { talkRehearsal: "some" } } })).toThrow(/rl\.talkRehearsal/);
    expect(() => resolveTrainConfig({ file: { rl: { talkRehearsalShare: 0.5 } } })).toThrow(
      /rl\.talkRehearsalShare.*rl\.talkRehearsal.*got 0\.5/,
    );
    expect(() => resolveTrainConfig({ file: { rl: { talkRehearsalShare: 1.5 } } })).toThrow(/rl\.talkRehearsalShare/);
    const mix = { share: 0.25, shapes: { agents: [1, 2], rounds: [0, 0] } };
    expect(() => resolveTrainConfig({ file: { rl: { rehearsalMix: mix } } })).toThrow(
      /rl\.rehearsalMix.*rl\.choiceRehearsal > 0.*share.*0\.25/,
    );
    expect(() => resolveTrainConfig({ file: { rl: { rehearsalMix: mix, choiceRehearsal: 8 } } })).not.toThrow();
    expect(() =>
      resolveTrainConfig({ file: { rl: { rehearsalMix: { ...mix, share: 1.5 }, choiceRehearsal: 8 } } }),
    ).toThrow(/rl\.rehearsalMix\.share/);
    expect(() =>
      resolveTrainConfig({ file: { rl: { rehearsalMix: { ...mix, tables: 2 }, choiceRehearsal: 8 } } }),
    ).toThrow(/rl\.rehearsalMix.*tables/);
    expect(() => resolveTrainConfig({ file: { rl: { clipLow: "x" } } })).toThrow(/rl\.clipLow/);
    expect(() => resolveTrainConfig({ file: { model: { width: 30, heads: 4 } } })).toThrow(/model\.heads/);
    expect(() => parseOverride("novalue")).toThrow(/--set/);
    expect(() => parseOverride("__proto__.x=1")).toThrow(/--set/);
  });

  it("decodes override values: numbers, booleans, JSON, else strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.boolean(), fc.constantFrom("cosine", "linear")), (v) => {
        expect(parseOverride(`rl.x=${String(v)}`)).toEqual({ rl: { x: v } });
      }),
    );
  });

  it("takes the RL objective's settings from --set, and the bounded ask rule and act cost through rewards", () => {
    const config = resolveTrainConfig({
      preset: "demo",
      overrides: [
        "rl.credit=act",
        "rl.stdFloor=0.1",
        "rl.choiceGradient=false",
        "rewards.askRule=bounded",
        "rewards.weights.act=0.1",
      ].map(parseOverride),
    });
    expect(config.rl).toMatchObject({ credit: "act", stdFloor: 0.1, choiceGradient: false });
    expect(config.rewards).toMatchObject({ preset: "cosir", askRule: "bounded" });
    expect(config.rewards.weights.act).toBe(0.1);
    // Defaults leave the objective as it was.
    const plain = resolveTrainConfig({ preset: "demo" });
    expect(plain.rl).toMatchObject({ credit: "message", stdFloor: 0, choiceGradient: true });
    expect(plain.rewards.askRule).toBeUndefined();
    expect(plain.rewards.weights.act).toBe(0);
    expect(() => resolveTrainConfig({ overrides: [parseOverride("rl.credit=token")] })).toThrow(/rl\.credit/);
    expect(() => resolveTrainConfig({ overrides: [parseOverride("rl.stdFloor=-1")] })).toThrow(/rl\.stdFloor/);
    expect(() => resolveTrainConfig({ overrides: [parseOverride("rewards.askRule=always")] })).toThrow(/askRule/);
  });
});
