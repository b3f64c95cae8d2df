import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InvalidConfigError } from "@cosir/bayes";
import { rewardPresets } from "@cosir/rewards";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { parseTransformerConfig, transformerParameterShapes } from "@cosir/policy/tfjs";
import { trainerTokenizer } from "../run/policy-model";
import { TrainRun } from "../run/train-run";
import { parseOverride, resolveTrainConfig, trainPresets, validateTrainConfig, type TrainConfig } from "./train-config";
import { DEFAULT_TRAIN_BUDGET, TRAINER_VOCAB_SIZE, trainConfigCost } from "./train-config-cost";

const root = mkdtempSync(join(tmpdir(), "cosir-config-attack-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Field paths a careless or hostile --set writes to, and values of every JSON kind, sensible and not.
const paths = [
  "seed",
  "task.family",
  "task.options",
  "task.agents",
  "task.rounds",
  "task.levels",
  "task.domain",
  "task.visibility",
  "model.width",
  "model.layers",
  "model.heads",
  "model.context",
  "model.mlpRatio",
  "sft.batchSize",
  "rl.groupSize",
  "rl.minibatchSize",
  "rl.microbatchSize",
  "rl.gammaByPreset",
  "rl.klCoefByPreset",
  "arms",
  "arms.cosir",
  "arms.cosir.rl.gamma",
  "arms.outcomeOnly.rl.klCoef",
  "arms.outcomeOnly.rl.minibatchSize",
  "arms.nope.rl.gamma",
  "arms.cosir.model.width",
  "rewards.preset",
  "rewards.weights",
  "rewards.weights.share",
  "eval.episodes",
  "budget.maxParameters",
  "budget.maxActivationBytes",
  "nope",
  "model.nope",
];
const values = fc.oneof(
  fc.constantFrom(
    "nope",
    "toString",
    "__proto__",
    "constructor",
    "hasOwnProperty",
    "0",
    "-1",
    "1e309",
    "4096",
    "[5,1]",
    "[1,2]",
    "null",
    "true",
    "{}",
    '{"a":1}',
    "NaN",
    "cosir",
    "outcomeOnly",
    "heldout.whodunit",
    "restaurants",
  ),
  fc.integer({ min: -10, max: 5000 }).map(String),
  fc.string({ maxLength: 12 }),
);

describe("train config under attack", () => {
  it("every --set either resolves to a valid config or is one InvalidConfigError naming a field", () => {
    let tried = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...paths), values), { minLength: 1, maxLength: 3 }), (sets) => {
        tried++;
        let overrides: Record<string, unknown>[];
        try {
          overrides = sets.map(([p, v]) => parseOverride(`${p}=${v}`));
        } catch (error) {
          refused++;
          expect(error).toBeInstanceOf(InvalidConfigError);
          return;
        }
        try {
          const config = resolveTrainConfig({ preset: "smoke", overrides });
          // What resolves is whole: it validates again, its family and reward preset are registry keys of their own.
          expect(validateTrainConfig(config)).toEqual(config);
          expect(Object.hasOwn(rewardPresets, config.rewards.preset)).toBe(true);
        } catch (error) {
          refused++;
          expect(error).toBeInstanceOf(InvalidConfigError);
          const e = error as InvalidConfigError;
          expect(e.message).not.toMatch(/\n/);
          expect(e.field).toMatch(/^(\(config\)|seed|task|model|sft|rl|rewards|arms|eval|budget|pretrain|preset)/);
          // The "got" slot holds the value, not a field path, and appears once.
          expect(e.message.split(", got ").length).toBe(2);
        }
      }),
      { numRuns: 300 },
    );
    console.log(`config attack: ${tried} override sets tried, ${refused} refused with one line`);
  });

  it("says that an unknown reward preset is unknown and lists the valid ones", () => {
    expect(() => resolveTrainConfig({ preset: "smoke", overrides: [parseOverride("rewards.preset=nope")] })).toThrow(
      /^rewards\.preset: is not a reward preset; expected one of cosir, outcomeOnly, got "nope"$/,
    );
    expect(() =>
      resolveTrainConfig({ preset: "smoke", overrides: [parseOverride("rewards.preset=toString")] }),
    ).toThrow(/rewards\.preset/);
    expect(() =>
      resolveTrainConfig({ preset: "smoke", overrides: [parseOverride("task.family=constructor")] }),
    ).toThrow(/^task\.family: expected one of/);
  });

  it("counts the parameters the model will have (known answer: transformerParameterShapes)", () => {
    expect(TRAINER_VOCAB_SIZE).toBe(trainerTokenizer().size);
    fc.assert(
      fc.property(
        fc.record({
          heads: fc.constantFrom(1, 2, 4),
          perHead: fc.integer({ min: 8, max: 16 }),
          layers: fc.integer({ min: 1, max: 3 }),
          context: fc.integer({ min: 32, max: 96 }),
          mlpRatio: fc.integer({ min: 1, max: 4 }),
          tokenShift: fc.boolean(),
          cellWords: fc.boolean(),
        }),
        ({ perHead, ...m }) => {
          const config = resolveTrainConfig({
            preset: "smoke",
            overrides: [{ model: { ...m, width: m.heads * perHead } }],
          });
          const { cellWords, ...shape } = config.model;
          expect(cellWords).toBe(m.cellWords);
          const shapes = transformerParameterShapes(
            parseTransformerConfig({ ...shape, vocabSize: trainerTokenizer({ cellWords }).size }),
          );
          const count = shapes.reduce((sum, [, shape]) => sum + shape.reduce((a, b) => a * b, 1), 0);
          expect(trainConfigCost(config).parameters).toBe(count);
        },
      ),
      { numRuns: 50 },
    );
  });

  it("refuses the largest schema-valid model before building it, naming the estimate, and the budget is configurable", () => {
    const huge = { model: { width: 4096, layers: 48, heads: 64, context: 4096 } };
    expect(() => resolveTrainConfig({ preset: "smoke", overrides: [huge] })).toThrow(
      /^model: builds 9,6\d\d,\d{3},\d{3} parameters, over budget\.maxParameters 100,000,000/,
    );
    expect(() =>
      resolveTrainConfig({ preset: "smoke", overrides: [huge, { budget: { maxParameters: 2e10 } }] }),
    ).toThrow(/model: needs about [\d.]+ GB of activations for a batch of 16 sequences/);
    for (const name of Object.keys(trainPresets)) {
      const cost = trainConfigCost(resolveTrainConfig({ preset: name }));
      expect(cost.parameters).toBeLessThan(DEFAULT_TRAIN_BUDGET.maxParameters);
      expect(cost.activationBytes).toBeLessThan(DEFAULT_TRAIN_BUDGET.maxActivationBytes);
    }
  });

  it("TrainRun.start validates the whole config before it writes anything", async () => {
    const smoke = resolveTrainConfig({ preset: "smoke" });
    let tried = 0;
    for (const bad of [
      { ...smoke, task: { ...smoke.task, family: "nope" } },
      { ...smoke, rewards: { preset: "nope" } } as unknown as TrainConfig,
      { ...smoke, task: { ...smoke.task, domain: "nowhere" } },
      { ...smoke, model: { ...smoke.model, width: 4096, layers: 48, context: 4096 } },
    ]) {
      const dir = join(root, `start-${tried++}`);
      await expect(TrainRun.start(bad, dir, { progress: { stream: process.stderr, quiet: true } })).rejects.toThrow(
        InvalidConfigError,
      );
      expect(existsSync(dir)).toBe(false);
    }
    console.log(`config attack: ${tried} bad configs given to TrainRun.start, no folder written`);
  });
});
